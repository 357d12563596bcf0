import { isDateField, isNumericField, type FieldSchema } from './resource-schema';

/**
 * Validation declared once on a field (required, minimum and maximum, length, pattern, format,
 * choices), checked by the console before anything is sent and by the server's zod parameter
 * built from the same definition (server/resources/record-parameter.ts). The texts name the
 * field by its label, in Spanish or English.
 */

export type Problem =
  | { rule: 'required' }
  | { rule: 'number' }
  | { rule: 'integer' }
  | { rule: 'min'; limit: number }
  | { rule: 'max'; limit: number }
  | { rule: 'minLength'; limit: number }
  | { rule: 'maxLength'; limit: number }
  | { rule: 'pattern' }
  | { rule: 'email' }
  | { rule: 'url' }
  | { rule: 'choice' }
  | { rule: 'boolean' }
  | { rule: 'date' }
  | { rule: 'json' }
  | { rule: 'text' }
  | { rule: 'list' };

export type Language = 'es' | 'en';

/** An e-mail address, as every form and the server's checks take it. */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const INTEGER_TYPES = new Set(['int', 'integer']);

const isEmpty = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function numberProblem(field: FieldSchema, value: unknown): Problem | null {
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return { rule: 'number' };
  if (INTEGER_TYPES.has(field.type) && !Number.isInteger(number)) return { rule: 'integer' };
  if (field.min !== null && number < field.min) return { rule: 'min', limit: field.min };
  if (field.max !== null && number > field.max) return { rule: 'max', limit: field.max };
  return null;
}

function textProblem(field: FieldSchema, value: unknown): Problem | null {
  if (typeof value !== 'string') return { rule: 'text' };
  const length = [...value].length;
  if (field.minLength !== null && length < field.minLength) {
    return { rule: 'minLength', limit: field.minLength };
  }
  if (field.maxLength !== null && length > field.maxLength) {
    return { rule: 'maxLength', limit: field.maxLength };
  }
  if (field.format === 'email' && !EMAIL.test(value)) return { rule: 'email' };
  if (field.format === 'url' && !/^https?:\/\/[^\s]+$/i.test(value)) return { rule: 'url' };
  if (field.pattern !== null && !new RegExp(`^(?:${field.pattern})$`, 'u').test(value)) {
    return { rule: 'pattern' };
  }
  return null;
}

/** A list field: a list (empty counts as no value), each item a value of the field's type. */
function listProblem(field: FieldSchema, value: unknown): Problem | null {
  if (isEmpty(value) || (Array.isArray(value) && value.length === 0)) {
    return field.required ? { rule: 'required' } : null;
  }
  if (!Array.isArray(value)) return { rule: 'list' };
  const item = { ...field, multiple: false, required: true };
  for (const each of value) {
    const problem = fieldProblem(item, each);
    if (problem) return problem;
  }
  return null;
}

/**
 * What is wrong with one value of a field, or null. An empty value is only wrong when the field
 * is required; computed and read-only fields are not checked (they are not written).
 */
export function fieldProblem(field: FieldSchema, value: unknown): Problem | null {
  if (field.multiple) return listProblem(field, value);
  if (isEmpty(value)) return field.required ? { rule: 'required' } : null;
  // A field with choices (a choice, or a coded text or number) takes only its codes.
  if (field.choices) {
    return field.choices.some((c) => String(c.code) === String(value)) ? null : { rule: 'choice' };
  }
  if (isNumericField(field)) return numberProblem(field, value);
  switch (field.type) {
    case 'boolean':
      return typeof value === 'boolean' ? null : { rule: 'boolean' };
    case 'json':
      return typeof value === 'object' ? null : { rule: 'json' };
    case 'reference':
      return typeof value === 'number' || typeof value === 'string' ? null : { rule: 'text' };
    default:
      if (isDateField(field)) {
        return typeof value === 'string' && !Number.isNaN(Date.parse(value))
          ? null
          : { rule: 'date' };
      }
      return textProblem(field, value);
  }
}

/** The fields of a record that are wrong, in the order of the definition. */
export function recordProblems(
  fields: readonly FieldSchema[],
  record: Record<string, unknown>,
  mode: 'create' | 'edit',
): { field: FieldSchema; problem: Problem }[] {
  const problems: { field: FieldSchema; problem: Problem }[] = [];
  for (const field of fields) {
    // An edit sends the fields it changes: one left out keeps its value.
    if (mode === 'edit' && !Object.hasOwn(record, field.source)) continue;
    const problem = fieldProblem(field, record[field.source]);
    if (problem) problems.push({ field, problem });
  }
  return problems;
}

const TEXTS: Record<Language, Record<Problem['rule'], string>> = {
  es: {
    required: 'El campo {label} es obligatorio.',
    number: 'El campo {label} debe ser un número.',
    integer: 'El campo {label} debe ser un número entero.',
    min: 'El campo {label} debe ser como mínimo {limit}.',
    max: 'El campo {label} debe ser como máximo {limit}.',
    minLength: 'El campo {label} debe tener al menos {limit} caracteres.',
    maxLength: 'El campo {label} admite como mucho {limit} caracteres.',
    pattern: 'El campo {label} no tiene el formato esperado.',
    email: 'El campo {label} no es una dirección de correo válida.',
    url: 'El campo {label} debe ser una dirección http o https.',
    choice: 'El valor del campo {label} no está entre los permitidos.',
    boolean: 'El campo {label} debe ser sí o no.',
    date: 'El campo {label} debe ser una fecha.',
    json: 'El campo {label} debe ser un objeto JSON.',
    text: 'El campo {label} debe ser un texto.',
    list: 'El campo {label} debe ser una lista.',
  },
  en: {
    required: '{label} is required.',
    number: '{label} must be a number.',
    integer: '{label} must be a whole number.',
    min: '{label} must be at least {limit}.',
    max: '{label} must be at most {limit}.',
    minLength: '{label} must have at least {limit} characters.',
    maxLength: '{label} takes at most {limit} characters.',
    pattern: '{label} is not in the expected format.',
    email: '{label} is not a valid e-mail address.',
    url: '{label} must be an http or https address.',
    choice: 'The value of {label} is not one of those allowed.',
    boolean: '{label} must be yes or no.',
    date: '{label} must be a date.',
    json: '{label} must be a JSON object.',
    text: '{label} must be a text.',
    list: '{label} must be a list.',
  },
};

/**
 * The sentence for a problem, naming the field by its label; a pattern's refusal ends with the
 * field's hint when it has one.
 */
export function problemText(
  problem: Problem,
  label: string,
  language: Language,
  hint?: { es: string; en: string } | null,
  requiredText?: { es: string; en: string } | null,
): string {
  if (problem.rule === 'required' && requiredText) return requiredText[language];
  const limit = 'limit' in problem ? String(problem.limit) : '';
  const text = TEXTS[language][problem.rule].replace('{label}', label).replace('{limit}', limit);
  return problem.rule === 'pattern' && hint ? `${text.slice(0, -1)}: ${hint[language]}.` : text;
}
