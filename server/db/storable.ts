import { z } from 'zod';
import { message, type Language } from '../messages';

/** The largest value of an `integer` (int4) column, and so of every id and count sent for one. */
export const INT4_MAX = 2_147_483_647;

/** The id of a row whose key is an `integer` column: a larger number would fail in PostgreSQL. */
export const rowIdSchema = z.number().int().positive().max(INT4_MAX);

/** A row id as a number or as the text of one (the console sends ids from its routes). */
export function rowIdField(what: string) {
  return z.union([
    rowIdSchema,
    z
      .string()
      .regex(/^\d{1,9}$/, `must be ${what}`)
      .transform(Number),
  ]);
}

/**
 * The deepest nesting of arrays and objects accepted in a request or a device message. The
 * specification's deepest parameters (an access tree, a project definition) nest about ten
 * levels; JSON.stringify overflows the stack somewhere past a few thousand, and PostgreSQL's
 * jsonb parser stops at its own stack limit.
 */
export const MAX_NESTING = 32;

export type UnstorableReason = 'nul' | 'surrogate' | 'nesting';

/** Where a value is that the database cannot store, and why. */
export interface Unstorable {
  /** `parameter.filter.q`, `message.result.rows[2]`… */
  path: string;
  reason: UnstorableReason;
}

/** A UTF-16 surrogate without its pair: UTF-8 cannot encode it (PostgreSQL refuses `\ud800`). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): UnstorableReason | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'surrogate';
  return null;
}

function pathOf(root: string, keys: (string | number)[]): string {
  return keys.reduce<string>((path, key) => {
    if (typeof key === 'number') return `${path}[${key}]`;
    if (/^[A-Za-z_$][\w$]*$/.test(key)) return `${path}.${key}`;
    // A key that is itself the problem is shown without the characters that make it one.
    const shown = key
      .replaceAll('\u0000', '\uFFFD')
      .replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD')
      .slice(0, 40);
    return `${path}[${JSON.stringify(shown)}]`;
  }, root);
}

/**
 * The first text (a value or a key) of a parsed JSON value that PostgreSQL cannot store — a NUL
 * character, or a lone surrogate — or the first container nested deeper than MAX_NESTING; null
 * when there is none. Walks without recursion, so no input can overflow the stack.
 */
export function findUnstorable(value: unknown, root: string): Unstorable | null {
  const stack: { value: unknown; keys: (string | number)[] }[] = [{ value, keys: [] }];
  while (stack.length > 0) {
    const { value: current, keys } = stack.pop()!;
    const key = keys.at(-1);
    const keyProblem = typeof key === 'string' ? textProblem(key) : null;
    if (keyProblem) return { path: pathOf(root, keys), reason: keyProblem };
    if (typeof current === 'string') {
      const reason = textProblem(current);
      if (reason) return { path: pathOf(root, keys), reason };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (keys.length >= MAX_NESTING) return { path: pathOf(root, keys), reason: 'nesting' };
    const children: [string | number, unknown][] = Array.isArray(current)
      ? current.map((child, index) => [index, child])
      : Object.entries(current);
    // Pushed last to first, so the first problem in the text is the one reported.
    for (let index = children.length - 1; index >= 0; index--) {
      const [childKey, child] = children[index];
      stack.push({ value: child, keys: [...keys, childKey] });
    }
  }
  return null;
}

/** The refusal's detail, in the caller's language. */
export function describeUnstorable(found: Unstorable, language: Language): string {
  const key = { nul: 'textNul', surrogate: 'textSurrogate', nesting: 'tooDeep' } as const;
  return message(language, key[found.reason], { path: found.path, max: MAX_NESTING });
}
