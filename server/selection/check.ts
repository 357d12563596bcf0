import { CompiledQuery } from 'kysely';
import pg from 'pg';
import type { SqlResult } from '../../protocol/reports';
import { checkStatement, usesMid, withMid } from '../../protocol/selection';
import { readTables, type ReplicatedTable } from '../replication/tables';
import type { OperationContext } from '../services/registry';
import type { ProjectAccess } from '../services/projects/access';
import { runSql } from '../sql-runner/run';
import { selectionTexts } from './texts';

const { refusal } = selectionTexts;

/** A `gen_` table of the project with a primary key (001 §5: replica only for gen_ tables). */
export async function replicatedTable(
  ctx: OperationContext,
  project: ProjectAccess,
  name: string,
): Promise<ReplicatedTable> {
  if (!name) throw refusal(ctx.user, 'tableRequired');
  const tables = await readTables(
    async (text, values) =>
      (await ctx.db.executeQuery(CompiledQuery.raw(text, values))).rows as never[],
    project.schema,
  );
  const table = tables.get(name);
  if (!table || table.key.length === 0) throw refusal(ctx.user, 'notReplicated', { table: name });
  return table;
}

/** The MID a statement with ##MID## is tested for: required, and a device of the project. */
async function checkedMid(ctx: OperationContext, project: ProjectAccess, mid: string) {
  const found = await project
    .db()
    .selectFrom('devices')
    .select('MID')
    .where('MID', '=', mid)
    .executeTakeFirst();
  if (!found) throw refusal(ctx.user, 'midUnknown', { mid });
}

/**
 * The statement check of 000 §4 and 001 §5, then the statement run as the project's role, READ
 * ONLY (server/sql-runner): alone for its first `limit` rows, then wrapped as the engine uses it
 * (it must select the table's key). PostgreSQL's refusal is 'Error en consulta' with its
 * message. Answers the rows and whether a MID was checked (CHECKMID).
 */
export async function checkSelection(
  ctx: OperationContext,
  project: ProjectAccess,
  table: ReplicatedTable,
  statement: string,
  mid: string | undefined,
  limit = 10,
): Promise<{ result: SqlResult; CHECKMID: boolean }> {
  const problem = checkStatement(statement, mid);
  if (problem === 'empty') throw refusal(ctx.user, 'empty');
  if (problem === 'forbidden') throw refusal(ctx.user, 'forbidden');
  if (problem === 'midRequired') throw refusal(ctx.user, 'midRequired');
  const CHECKMID = usesMid(statement);
  if (CHECKMID) await checkedMid(ctx, project, mid!.trim());
  const text = withMid(statement, pg.escapeLiteral((mid ?? '').trim()));
  const key = table.key.map((column) => `flota_sel.${pg.escapeIdentifier(column)}`);
  const options = { readOnly: true, limit, log: ctx.log };
  const run = (sql: string) => runSql(ctx.sandbox, project, sql, ctx.user, options);
  let result: SqlResult;
  try {
    result = await run(text);
  } catch (error) {
    throw refusal(ctx.user, 'queryErrorWith', { message: (error as Error).message });
  }
  try {
    await run(`SELECT ${key.join(', ')} FROM (${text}\n) flota_sel LIMIT 0`);
  } catch (error) {
    if (!(error as Error).message?.includes('42703')) {
      throw refusal(ctx.user, 'queryErrorWith', { message: (error as Error).message });
    }
    throw refusal(ctx.user, 'keyMissing', { columns: table.key.join(', ') });
  }
  return { result, CHECKMID };
}
