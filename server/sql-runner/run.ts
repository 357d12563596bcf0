import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { rowLimit } from '../../protocol/report-macros';
import type { SqlResult, StatementResult } from '../../protocol/reports';
import { firstKeyword, splitStatements } from '../../protocol/sql-text';
import type { SandboxProject, SandboxSession, SqlSandbox } from '../db/sandbox';
import type { Reader } from '../services/area-texts';
import { reportTexts } from './texts';
import { cellValue, columnsOf } from './values';

export interface SqlRunOptions {
  /** In a read-only transaction (callers without write on the project's 'queries' node). */
  readOnly: boolean;
  /** Rows answered at most; -666 or none: the default 100 (001 §9). */
  limit?: number;
  log?: FastifyBaseLogger;
  /** Answer each statement's result too (`Results`), not only the last one's. */
  each?: boolean;
  /** The caller went away or cancelled: the running statement is cancelled and the run undone. */
  signal?: AbortSignal;
  /** Prepares the transaction before the first statement (a system source's search path). */
  prepare?: (session: SandboxSession) => Promise<void>;
}

/** Statements whose rows are read through a cursor, so no more than the limit leave the server. */
const QUERIES = new Set(['SELECT', 'WITH', 'VALUES', 'TABLE']);

const CHANGES = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** The run the caller cancelled: its refusal, marked so the runner passes it on as it is. */
const cancelled = (reader: Reader) =>
  Object.assign(reportTexts.refusal(reader, 'cancelled'), { flotaRefusal: true });

/** A statement PostgreSQL refused, by number: the run's answer. */
class StatementError extends Error {
  constructor(
    readonly n: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** One statement alone: the extended protocol, in which PostgreSQL refuses a second one. */
const alone = (text: string): pg.QueryConfig =>
  ({ text, queryMode: 'extended', rowMode: 'array' }) as pg.QueryConfig;

async function runOne(
  session: SandboxSession,
  statement: string,
  limit: number,
): Promise<{ result: pg.QueryResult; limited: boolean }> {
  if (!QUERIES.has(firstKeyword(statement))) {
    return { result: await session.query(alone(statement)), limited: false };
  }
  await session.query('SAVEPOINT flota_run');
  try {
    await session.query(alone(`DECLARE flota_run NO SCROLL CURSOR FOR ${statement}`));
  } catch (error) {
    // A WITH that changes rows cannot be a cursor (0A000): it runs as it is.
    if ((error as { code?: string }).code !== '0A000') throw error;
    await session.query('ROLLBACK TO SAVEPOINT flota_run');
    return { result: await session.query(alone(statement)), limited: false };
  }
  const result = await session.query({
    text: `FETCH FORWARD ${limit + 1} FROM flota_run`,
    rowMode: 'array',
  } as pg.QueryConfig);
  await session.query('CLOSE flota_run');
  await session.query('RELEASE SAVEPOINT flota_run');
  const limited = result.rows.length > limit;
  if (limited) result.rows.length = limit;
  return { result, limited };
}

/**
 * Runs SQL a person wrote, one statement after another, as the project's own role through the
 * sandbox (docs/security.md): PostgreSQL's privileges are the defence, never this code. A
 * read-only run is a READ ONLY transaction, and every statement after the first is run only
 * while that transaction is still the one it began (a COMMIT in the text would otherwise let
 * the next statements write). The first failing statement ends the run and undoes it; its
 * SQLSTATE and PostgreSQL's message are the refusal (code -1).
 */
export async function runSql(
  sandbox: SqlSandbox,
  project: SandboxProject,
  text: string,
  reader: Reader,
  options: SqlRunOptions,
): Promise<SqlResult> {
  const { refusal } = reportTexts;
  const statements = splitStatements(text);
  if (statements.length === 0) throw refusal(reader, 'noStatements');
  const limit = rowLimit(options.limit);
  try {
    return await sandbox.run(
      project,
      async (session) => {
        // A setting an earlier run left on this pooled connection does not carry over.
        await session.query('RESET ALL');
        if (options.readOnly) await session.query('SET TRANSACTION READ ONLY');
        await options.prepare?.(session);
        const begun = await session.query<{ at: string }>(
          'SELECT transaction_timestamp()::text AS at',
        );
        let affected = 0;
        const results: StatementResult[] = [];
        for (const [index, statement] of statements.entries()) {
          const n = index + 1;
          if (options.readOnly && n > 1) await stillReadOnly(session, begun.rows[0].at, n, reader);
          if (options.signal?.aborted) throw cancelled(reader);
          let run: { result: pg.QueryResult; limited: boolean };
          try {
            run = await runOne(session, statement, limit);
          } catch (error) {
            if (options.signal?.aborted) throw cancelled(reader);
            const { code = '?', message = String(error) } = error as {
              code?: string;
              message?: string;
            };
            throw new StatementError(n, code, message);
          }
          const changed = CHANGES.has(run.result.command) ? (run.result.rowCount ?? 0) : 0;
          affected += changed;
          // Only the last statement's rows are kept unless each one's were asked for.
          if (options.each || n === statements.length) {
            results.push({
              n,
              // A query read through the cursor answers FETCH: its own first word instead.
              command:
                run.result.command === 'FETCH' ? firstKeyword(statement) : run.result.command,
              Columns: await columnsOf(session, run.result.fields ?? []),
              Datas: (run.result.rows as unknown as unknown[][]).map((row) => row.map(cellValue)),
              RecordsAffected: changed,
              Limited: run.limited,
            });
          }
        }
        const last = results[results.length - 1];
        return {
          Columns: last.Columns,
          Datas: last.Datas,
          RecordsAffected: affected,
          Limited: last.Limited,
          Limit: limit,
          Statements: statements.length,
          ...(options.each ? { Results: results } : {}),
        };
      },
      options.signal,
    );
  } catch (error) {
    if (error instanceof StatementError) {
      throw refusal(reader, 'statementFailed', {
        n: error.n,
        code: error.code,
        message: error.message,
      });
    }
    if ((error as { flotaRefusal?: boolean }).flotaRefusal) throw error;
    options.log?.error({ err: error, project: project.numero }, 'SQL could not run');
    throw refusal(reader, 'unavailable');
  }
}

async function stillReadOnly(session: SandboxSession, begun: string, n: number, reader: Reader) {
  const now = await session.query<{ at: string; ro: string }>(
    `SELECT transaction_timestamp()::text AS at, current_setting('transaction_read_only') AS ro`,
  );
  if (now.rows[0].at !== begun || now.rows[0].ro !== 'on') {
    const error = reportTexts.refusal(reader, 'readOnlyEnded', { n: n - 1 });
    throw Object.assign(error, { flotaRefusal: true });
  }
}
