import { createHash } from 'node:crypto';
import { CompiledQuery, sql, type Compilable, type QueryResult, type RawBuilder } from 'kysely';
import type pg from 'pg';
import type { Db } from './database';

/**
 * Named prepared statements for the statements a server runs again and again with other values
 * (the engine's plain writes): PostgreSQL parses and plans such a statement once per connection
 * instead of on every call, which was a third of its CPU for an edit (docs/resources.md, "Speed",
 * fourth pass). A statement asks for it by starting with `PREPARED`; every connection of a pool
 * made by `connect` (database.ts) names it by its text's hash.
 */
const PREPARED = '/* prepared */ ';

/**
 * Bumped when PostgreSQL refuses a prepared statement whose table changed shape since (a column
 * added to a custom entity: "cached plan must not change result type"); the names change with it,
 * so every connection prepares its statements again.
 */
let generation = 0;

/** Names by text, for the texts seen most recently (a hash of each call's text costs more). */
const names = new Map<string, string>();
const NAMES_KEPT = 2_000;

function nameOf(text: string): string {
  const key = `${generation}:${text}`;
  let name = names.get(key);
  if (!name) {
    name = `f${generation}_${createHash('sha1').update(text).digest('hex')}`;
    if (names.size >= NAMES_KEPT) names.delete(names.keys().next().value as string);
    names.set(key, name);
  }
  return name;
}

const changedShape = (error: unknown) =>
  (error as { code?: string } | null)?.code === '0A000' &&
  /cached plan must not change result type/.test(String((error as Error).message));

/**
 * Makes a pool's connection run the texts that start with `PREPARED` as named prepared
 * statements; the rest as before. Such a statement is run outside a transaction, so that when its
 * table changed shape it can be prepared again and run once more.
 */
export function preparing(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const prepared = (text: string, values: unknown[]) => query({ name: nameOf(text), text, values });
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    if (typeof config !== 'string' || !config.startsWith(PREPARED) || callback !== undefined) {
      return query(config, values, callback);
    }
    const given = (values ?? []) as unknown[];
    return prepared(config, given).catch((error: unknown) => {
      if (!changedShape(error)) throw error;
      generation += 1;
      return prepared(config, given);
    });
  }) as typeof client.query;
}

/** Runs a query as a named prepared statement, unless `db` is a transaction (see `preparing`). */
export function executePrepared<R>(db: Db, query: Compilable<R>): Promise<QueryResult<R>> {
  const compiled = query.compile();
  const text = db.isTransaction ? compiled.sql : PREPARED + compiled.sql;
  return db.executeQuery(CompiledQuery.raw(text, [...compiled.parameters]));
}

/** The start of a `sql` statement run on `db`: prepared, unless `db` is a transaction. */
export const preparedOn = (db: Db): RawBuilder<unknown> =>
  sql.raw(db.isTransaction ? '' : PREPARED);
