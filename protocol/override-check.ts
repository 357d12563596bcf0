import type { z } from 'zod';
import {
  ADDED_FLAGS,
  FIELD_FLAGS,
  overrideProblems,
  resourceOverrideSchema,
  type OverrideTarget,
  type ResourceOverride,
} from './resource-override';

type Language = 'es' | 'en';

/**
 * What is wrong with an override, in both languages: the server's refusal lists them, and the
 * console's editor shows them as they are typed (src/custom/resources). The English texts are
 * also the RESOURCE_OVERRIDES file's messages at start.
 */
const TEXTS = {
  es: {
    unknownField: 'el campo {field} no existe (campos de {resource}: {fields}, o un source de add)',
    alreadyField: '{source} ya es un campo',
    ownTable: 'una columna de {table} se escribe {column}, sin la tabla',
    noAdd: 'solo la lista de dispositivos añade columnas del proyecto; {resource} no',
    expected: 'valor no válido: se esperaba {expected}',
    notAllowedKeys: 'no se admite {keys} (se admiten: {allowed})',
    empty: 'no puede estar vacío',
    tooLong: 'es demasiado largo (como mucho {maximum})',
    tooSmall: 'debe ser al menos {minimum}',
    sourceFormat:
      'debe ser COLUMNA o tabla.COLUMNA (letras, cifras y _, sin empezar por una cifra)',
    nameLength: 'cada nombre tiene como mucho 63 caracteres',
    invalidValue: 'valor no válido',
  },
  en: {
    unknownField: 'unknown field {field} (fields of {resource}: {fields}, or a source of add)',
    alreadyField: '{source} is already a field',
    ownTable: 'a column of {table} is written {column}, without the table',
    noAdd: 'only the device list adds project columns; {resource} has none',
    expected: 'Invalid input: expected {expected}',
    notAllowedKeys: 'unknown key {keys} (allowed: {allowed})',
    empty: 'must not be empty',
    tooLong: 'is too long (at most {maximum})',
    tooSmall: 'must be at least {minimum}',
    sourceFormat:
      'must be COLUMN or table.COLUMN (letters, digits and _, not starting with a digit)',
    nameLength: 'each name must be at most 63 characters',
    invalidValue: 'invalid value',
  },
} satisfies Record<Language, Record<string, string>>;

type TextKey = keyof typeof TEXTS.es;

function overrideText(language: Language, key: TextKey, vars: Record<string, string> = {}) {
  return TEXTS[language][key].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
}

/** One problem of an override: where (`fields.OWNER.label`) and what, in the reader's language. */
export interface OverrideIssue {
  path: string;
  text: string;
}

export type OverrideCheck =
  { override: ResourceOverride; issues: [] } | { override: null; issues: OverrideIssue[] };

const EXPECTED_ES: Record<string, string> = {
  array: 'una lista',
  object: 'un objeto',
  string: 'un texto',
  boolean: 'true o false',
  number: 'un número',
};

/**
 * A shape problem in Spanish, from zod's issue code; English readers get zod's own message, whose
 * custom texts (protocol/resource-override.ts) are written for them.
 */
function spanish(issue: z.core.$ZodIssue): string {
  const text = (key: TextKey, vars?: Record<string, string>) => overrideText('es', key, vars);
  switch (issue.code) {
    case 'invalid_type':
      return text('expected', { expected: EXPECTED_ES[issue.expected] ?? issue.expected });
    case 'unrecognized_keys': {
      const added = issue.path.at(-2) === 'add';
      const allowed = added
        ? ['source', 'label', ...ADDED_FLAGS, 'maxLength']
        : ['label', ...FIELD_FLAGS, 'maxLength'];
      const inField = issue.path.length > 0;
      return text('notAllowedKeys', {
        keys: issue.keys.join(', '),
        allowed: inField ? allowed.join(', ') : 'hide, order, fields, add',
      });
    }
    case 'too_small':
      return issue.origin === 'string'
        ? text('empty')
        : text('tooSmall', { minimum: String(issue.minimum) });
    case 'too_big':
      return text('tooLong', { maximum: String(issue.maximum) });
    case 'invalid_format':
      return text('sourceFormat');
    case 'custom':
      return text('nameLength');
    default:
      return text('invalidValue');
  }
}

/**
 * Checks an override of a resource, as read from the file or sent from the console's editor:
 * first its shape, then the names it refers to. Nothing is kept of a refused one.
 *
 * @example checkOverride(target, { hide: ['NOPE'] }, 'en').issues[0]; // {path: 'hide.0', text: 'unknown field "NOPE" (…)'}
 */
export function checkOverride(
  target: OverrideTarget,
  json: unknown,
  language: Language,
): OverrideCheck {
  const parsed = resourceOverrideSchema.safeParse(json);
  if (!parsed.success) {
    return {
      override: null,
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        text: language === 'en' ? issue.message : spanish(issue),
      })),
    };
  }
  const problems = overrideProblems(target, parsed.data);
  if (problems.length === 0) return { override: parsed.data, issues: [] };
  return {
    override: null,
    issues: problems.map((problem) => ({
      path: problem.path.join('.'),
      text: overrideText(language, problem.code, problem.vars),
    })),
  };
}
