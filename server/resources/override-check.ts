import type { z } from 'zod';
import {
  ADDED_FLAGS,
  FIELD_FLAGS,
  overrideProblems,
  resourceOverrideSchema,
  type OverrideTarget,
  type ResourceOverride,
} from '../../protocol/resource-override';
import type { Language } from '../messages';
import { resourceText } from './texts';

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
  const text = (key: Parameters<typeof resourceText>[1], vars?: Record<string, string | number>) =>
    resourceText('es', key, vars);
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
      text: resourceText(language, problem.code, problem.vars),
    })),
  };
}
