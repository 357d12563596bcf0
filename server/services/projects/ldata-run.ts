import { sql } from 'kysely';
import type { NewProjectResult } from '../../../protocol/projects';
import type { Db } from '../../db/database';
import type { Language } from '../../messages';
import { checkLdataStatement, type LdataRefusal, type SqlStatement } from './ldata';
import { projectText, type ProjectTextKey } from './texts';

/** Each LDATA statement runs at most this long. */
const STATEMENT_TIMEOUT_MS = 30_000;

const REFUSAL_TEXT: Record<LdataRefusal['reason'], ProjectTextKey> = {
  notAllowed: 'ldataNotAllowed',
  unterminated: 'ldataUnterminated',
  otherSchema: 'ldataOtherSchema',
  forbiddenName: 'ldataForbiddenName',
};

/**
 * Runs LDATA statements in a new project's schema, inside the caller's transaction: each one the
 * guard accepts runs in its own savepoint with the search path set to that schema only, so a
 * failure undoes just that statement. Answers the statements refused or failed, with why.
 */
export async function runLdata(
  trx: Db,
  schema: string,
  statements: SqlStatement[],
  language: Language,
): Promise<NewProjectResult['failed']> {
  if (statements.length === 0) return [];
  const failed: NewProjectResult['failed'] = [];
  const names = await sql<{ nspname: string }>`SELECT nspname FROM pg_namespace`.execute(trx);
  const scope = { ownSchema: schema, schemas: new Set(names.rows.map((row) => row.nspname)) };
  const saved = await sql<{
    path: string;
    timeout: string;
  }>`SELECT current_setting('search_path') AS path, current_setting('statement_timeout') AS timeout`.execute(
    trx,
  );
  await sql`SELECT set_config('statement_timeout', ${String(STATEMENT_TIMEOUT_MS)}, true)`.execute(
    trx,
  );
  for (const statement of statements) {
    const refusal = checkLdataStatement(statement, scope);
    if (refusal) {
      const name = 'name' in refusal ? refusal.name : '';
      failed.push({
        sql: statement.sql,
        error: projectText(language, REFUSAL_TEXT[refusal.reason], { name }),
      });
      continue;
    }
    await sql`SAVEPOINT ldata`.execute(trx);
    try {
      await sql`SET LOCAL search_path TO ${sql.id(schema)}`.execute(trx);
      await sql.raw(statement.sql).execute(trx);
      await sql`RELEASE SAVEPOINT ldata`.execute(trx);
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT ldata`.execute(trx);
      await sql`RELEASE SAVEPOINT ldata`.execute(trx);
      failed.push({ sql: statement.sql, error: (error as Error).message });
    }
  }
  const { path, timeout } = saved.rows[0];
  await sql`SELECT set_config('search_path', ${path}, true), set_config('statement_timeout', ${timeout}, true)`.execute(
    trx,
  );
  return failed;
}
