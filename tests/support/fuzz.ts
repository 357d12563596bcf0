import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';
import { type Db, poolOf } from '../../server/db/database';

/**
 * Random and hostile input for property-based tests (fast-check): values shaped after a zod
 * schema, hostile texts, numbers and structures, the JSON that carries them, what every answer
 * must look like, and a digest of the database to tell whether a call wrote anything.
 */

/** JSON text put into a request as it is: nesting too deep to build, `__proto__` keys. */
export class RawJson {
  constructor(readonly text: string) {}
}

const nested = (depth: number, open: string, close: string, inner = '') =>
  new RawJson(open.repeat(depth) + inner + close.repeat(depth));

/**
 * Names every plain object answers without having them: a field, sort or filter name looked up
 * in a plain object finds a function (or the prototype) instead of nothing.
 */
export const PROTOTYPE_NAMES = ['constructor', '__proto__', 'toString', 'hasOwnProperty'] as const;

/** Texts PostgreSQL cannot store, texts that look like numbers or SQL, and very long ones. */
export const hostileStrings: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.string({ maxLength: 30 }),
  fc.string({ maxLength: 30, unit: 'binary' }),
  fc.string({ maxLength: 10 }).map((text) => `${text}\u0000${text}`),
  fc.constantFrom('\u0000', '\uD800', 'a\uDC00b', '\uDBFF', '\u0000\uD800'),
  fc.constantFrom('2147483648', '99999999999999999999', '-2147483649', '1e400', 'NaN', '0x10'),
  fc.constantFrom("'; DROP TABLE core.users; --", '%', '_', '\\', '%\\_', '{"a":1}', '../../etc'),
  fc.integer({ min: 1_000, max: 300_000 }).map((length) => 'x'.repeat(length)),
  fc.integer({ min: 1_000, max: 40_000 }).map((length) => '\u0000'.repeat(length)),
);

/** Integers past int4 and safe-integer range, fractions, extremes. */
export const hostileNumbers: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.constantFrom(
    2 ** 31,
    2 ** 31 - 1,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53,
    2 ** 53 + 2,
    2 ** 63,
    1e21,
    1e308,
    -1e308,
    -1,
    0,
    0.5,
    -0.000001,
    5e-324,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Deep nesting, prototype-pollution keys, arrays and anything else JSON can say. */
export const hostileStructures: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer({ min: 20, max: 50_000 }).map((depth) => nested(depth, '[', ']')),
  fc.integer({ min: 20, max: 20_000 }).map((depth) => nested(depth, '{"a":', '}', '1')),
  fc.constant(new RawJson('{"__proto__":{"profile":"FLOTA","rights":"ADMINISTRADOR"}}')),
  fc.constant(new RawJson('{"constructor":{"prototype":{"polluted":true}}}')),
  fc.constant({ hasOwnProperty: 1, toString: 'x', valueOf: null, then: 'y' }),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 5 }),
  fc.anything({ maxDepth: 3 }),
);

/** Any JSON value at all, hostile ones weighted in. */
export const wild: fc.Arbitrary<unknown> = fc.oneof(
  hostileStrings,
  hostileNumbers,
  hostileStructures,
  fc.constantFrom(null, true, false, '', [], {}),
);

type Def = { type: string; [key: string]: any };

/** zod 4's definition of a schema: its kind and parts. */
const defOf = (schema: z.ZodType): Def => (schema as any)._zod.def as Def;

/**
 * Values shaped after a zod schema — its keys, types and choices — so that many of them pass the
 * first checks and reach the code behind; at every level a part is sometimes hostile or of the
 * wrong type. `likely(key)` gives good values for keys it knows (a project number, a MID).
 */
export function shaped(
  schema: z.ZodType,
  likely: (key: string) => fc.Arbitrary<unknown> | null = () => null,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 5) return wild;
  const def = defOf(schema);
  const inner = (child: z.ZodType) => shaped(child, likely, depth + 1);
  let exact: fc.Arbitrary<unknown>;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, child]) => {
          const good = likely(key);
          return [
            key,
            good
              ? fc.oneof({ weight: 3, arbitrary: good }, { weight: 1, arbitrary: inner(child) })
              : inner(child),
          ];
        }),
      );
      exact = fc.record(fields, { requiredKeys: [] });
      break;
    }
    case 'string':
      exact = fc.oneof(
        { weight: 3, arbitrary: fc.oneof(fc.string({ maxLength: 12 }), fc.nat(5).map(String)) },
        { weight: 1, arbitrary: hostileStrings },
      );
      break;
    case 'number':
    case 'int':
      exact = fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: -1, max: 5 }) },
        { weight: 1, arbitrary: hostileNumbers },
      );
      break;
    case 'boolean':
      exact = fc.boolean();
      break;
    case 'enum':
      exact = fc.constantFrom(...(Object.values(def.entries) as unknown[]));
      break;
    case 'literal':
      exact = fc.constantFrom(...(def.values as unknown[]));
      break;
    case 'array':
      exact = fc.array(inner(def.element), { maxLength: 4 });
      break;
    case 'union':
      exact = fc.oneof(...(def.options as z.ZodType[]).map(inner));
      break;
    case 'record':
      exact = fc.dictionary(
        fc.oneof(fc.string({ maxLength: 8 }), hostileStrings),
        inner(def.valueType),
        { maxKeys: 3 },
      );
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      exact = fc.oneof(fc.constantFrom(undefined, null), inner(def.innerType));
      break;
    case 'pipe':
      exact = inner(def.in);
      break;
    case 'lazy':
      exact = inner(def.getter());
      break;
    default:
      exact = wild;
  }
  return fc.oneof({ weight: 8, arbitrary: exact }, { weight: 1, arbitrary: wild });
}

/** Every path to a part of a JSON value (the value itself is the empty path). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  const keys: (string | number)[] = Array.isArray(value)
    ? value.map((_, i) => i)
    : Object.keys(value);
  return [prefix, ...keys.flatMap((key) => pathsOf((value as any)[key], [...prefix, key]))];
}

/**
 * A good example with one of its parts (a field, an element, a whole object) replaced by a
 * hostile value: everything else valid, so the hostile part is what reaches the code behind.
 */
export function withOneHostile(example: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(example).filter((path) => path.length > 0);
  const hostile = fc.oneof(
    { weight: 3, arbitrary: hostileStrings },
    { weight: 1, arbitrary: hostileNumbers },
    { weight: 1, arbitrary: hostileStructures },
    { weight: 1, arbitrary: fc.constantFrom(null, true, '', [], {}) },
  );
  return fc.tuple(fc.constantFrom(...paths), hostile).map(([path, value]) => {
    const copy = structuredClone(example) as any;
    let parent = copy;
    for (const key of path.slice(0, -1)) parent = parent[key];
    parent[path.at(-1)!] = value;
    return copy;
  });
}

/** JSON text of a value, with its RawJson parts spliced in as they are. */
export function toJson(value: unknown): string {
  const raws: string[] = [];
  // undefined (which JSON cannot say) is sent as null.
  const text =
    JSON.stringify(value, (_key, part: unknown) =>
      part instanceof RawJson ? `\u0001raw${raws.push(part.text) - 1}\u0001` : part,
    ) ?? 'null';
  return text.replace(/"\\u0001raw(\d+)\\u0001"/g, (_match, index: string) => raws[Number(index)]);
}

/** A stack frame or a path of the server's code: never in any answer. */
export const STACK = /\n\s+at |\bat [\w.<>]+ \(|node_modules|\.ts:\d+/i;

/**
 * The operations whose refusal is PostgreSQL's own answer to SQL the caller wrote (000 §3 "SQL
 * result": the error code and description): their descriptions may name SQL, never the stack.
 */
export const USER_SQL_OPERATIONS = new Set(['tablesData', 'runReport']);

/** A stack frame, or words only PostgreSQL or the server's code would use. */
export const INTERNALS =
  /\n\s+at |\bat [\w.<>]+ \(|node_modules|\.ts:\d+|relation "|column "|syntax error at|violates|duplicate key|invalid input syntax|out of range for type|null value in column|unsupported Unicode|invalid byte sequence|ZodError|TypeError|RangeError|SQLSTATE|stack depth/i;

/**
 * The answer is the specification's envelope and says nothing of the server's inside: never an
 * HTTP 5xx; `error.code` a string; a refusal with a description free of stack frames and SQL.
 */
export function expectEnvelope(what: string, status: number, body: any, userSql = false): void {
  const shown = JSON.stringify(body)?.slice(0, 300);
  expect(status, `${what}: HTTP ${status} ${shown}`).toBeLessThan(500);
  expect(typeof body?.error?.code, `${what}: not the envelope: ${shown}`).toBe('string');
  if (body.error.code === '0') return;
  const description: unknown = body.error.description;
  expect(typeof description === 'string' && description !== '', `${what}: no description`).toBe(
    true,
  );
  expect(description, what).not.toMatch(userSql ? STACK : INTERNALS);
}

/**
 * A digest of every row of the core schema and of every project schema (`prj_…`), table by
 * table: equal digests mean that no row was added, removed or changed in between. The nodes'
 * heartbeats (core.nodes) change by themselves every second and a half, and are left out.
 *
 * The statement is prepared (named) on each connection of the pool and run again while the set of
 * tables stays the same: planning its ~90 subqueries cost more than running them (6 of 10 ms),
 * and the operations fuzz takes a digest after every refused call.
 */
export async function digest(db: Db): Promise<Map<string, string>> {
  const pool = poolOf(db);
  if (!pool) throw new Error('digest: a database handle made by connect()');
  const tables = await pool.query<{ schema: string; name: string }>({
    name: 'digest-tables',
    text: `
      SELECT n.nspname AS schema, c.relname AS name
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND (n.nspname = 'core' OR n.nspname LIKE 'prj\\_%')
        AND NOT (n.nspname = 'core' AND c.relname = 'nodes')
      ORDER BY 1, 2`,
  });
  const names = tables.rows.map(({ schema, name }) => `${schema}.${name}`);
  const text = tables.rows
    .map(
      ({ schema, name }, index) => `
        SELECT ${index} AS table, (
          SELECT count(*) || ':' || md5(coalesce(string_agg(md5(r::text), '' ORDER BY md5(r::text)), ''))
          FROM ${quoteIdent(schema)}.${quoteIdent(name)} AS r
        ) AS digest`,
    )
    .join(' UNION ALL ');
  const statement = `digest-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
  const rows = await pool.query<{ table: number; digest: string }>({ name: statement, text });
  return new Map(rows.rows.map((row) => [names[row.table], row.digest]));
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The first transaction id not yet given out. PostgreSQL gives a transaction an id at its first
 * write (rolled back or not), so an unchanged value around a call means that nothing at all was
 * written meanwhile, in any table: the digest need not be taken again. It changes on every
 * heartbeat of the nodes too (every second and a half), and then the digest decides.
 */
export async function nextTransactionId(db: Db): Promise<string> {
  const pool = poolOf(db);
  if (!pool) throw new Error('nextTransactionId: a database handle made by connect()');
  const { rows } = await pool.query<{ next: string }>(
    'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next',
  );
  return rows[0].next;
}

/** The tables whose digest differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}
