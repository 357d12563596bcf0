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
/** Any surrogate: a plain scan that lets almost every text skip LONE_SURROGATE's lookarounds. */
const SURROGATE = /[\uD800-\uDFFF]/;

function textProblem(text: string): UnstorableReason | null {
  if (text.includes('\u0000')) return 'nul';
  if (SURROGATE.test(text) && LONE_SURROGATE.test(text)) return 'surrogate';
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

/** A value still to look at: its key, and the container it is in (its path, built only on a problem). */
interface Visit {
  value: unknown;
  key: string | number | undefined;
  parent: Visit | null;
  depth: number;
}

function keysOf(visit: Visit): (string | number)[] {
  const keys: (string | number)[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) keys.push(at.key!);
  return keys.reverse();
}

/**
 * The first text (a value or a key) of a parsed JSON value that PostgreSQL cannot store — a NUL
 * character, or a lone surrogate — or the first container nested deeper than MAX_NESTING; null
 * when there is none. Walks without recursion, so no input can overflow the stack. Every device
 * call's body goes through it (a replica call: thousands of values), so a value's path is kept
 * as a link to its container and written out only for the one reported.
 */
export function findUnstorable(value: unknown, root: string): Unstorable | null {
  const stack: Visit[] = [{ value, key: undefined, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const { value: current, key } = visit;
    const keyProblem = typeof key === 'string' ? textProblem(key) : null;
    if (keyProblem) return { path: pathOf(root, keysOf(visit)), reason: keyProblem };
    if (typeof current === 'string') {
      const reason = textProblem(current);
      if (reason) return { path: pathOf(root, keysOf(visit)), reason };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (visit.depth >= MAX_NESTING) return { path: pathOf(root, keysOf(visit)), reason: 'nesting' };
    const depth = visit.depth + 1;
    // Pushed last to first, so the first problem in the text is the one reported.
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], key: index, parent: visit, depth });
      }
    } else {
      const keys = Object.keys(current);
      for (let index = keys.length - 1; index >= 0; index--) {
        const childKey = keys[index];
        const child = (current as Record<string, unknown>)[childKey];
        stack.push({ value: child, key: childKey, parent: visit, depth });
      }
    }
  }
  return null;
}

/** The refusal's detail, in the caller's language. */
export function describeUnstorable(found: Unstorable, language: Language): string {
  const key = { nul: 'textNul', surrogate: 'textSurrogate', nesting: 'tooDeep' } as const;
  return message(language, key[found.reason], { path: found.path, max: MAX_NESTING });
}
