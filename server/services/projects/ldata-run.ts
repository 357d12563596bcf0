import type { FastifyBaseLogger } from 'fastify';
import type { NewProjectResult } from '../../../protocol/projects';
import type { SandboxProject, SqlSandbox } from '../../db/sandbox';
import type { Language } from '../../messages';
import { checkLdataStatement, type LdataRefusal, type SqlStatement } from './ldata';
import { projectText, type ProjectTextKey } from './texts';

const REFUSAL_TEXT: Record<LdataRefusal['reason'], ProjectTextKey> = {
  notAllowed: 'ldataNotAllowed',
  unterminated: 'ldataUnterminated',
  otherSchema: 'ldataOtherSchema',
  forbiddenName: 'ldataForbiddenName',
};

/**
 * Runs a new project's LDATA statements, after the project is committed, as the project's own
 * PostgreSQL role (server/db/sandbox.ts): whatever a statement says, it has no more rights than
 * the project. The guard of ldata.ts only answers early, in the caller's words, what the role
 * would refuse anyway. All run in one transaction, each in its own savepoint, so a failure undoes
 * just that statement. Answers the statements refused or failed, by number, with SQLSTATE and
 * PostgreSQL's message.
 */
export async function runLdata(
  sandbox: SqlSandbox,
  project: SandboxProject,
  statements: SqlStatement[],
  language: Language,
  log?: FastifyBaseLogger,
): Promise<NewProjectResult['failed']> {
  if (statements.length === 0) return [];
  const failed: NewProjectResult['failed'] = [];
  const text = (key: ProjectTextKey, vars: Record<string, string | number>) =>
    projectText(language, key, vars);
  try {
    await sandbox.run(project, async (session) => {
      const names = await session.query<{ nspname: string }>('SELECT nspname FROM pg_namespace');
      const scope = {
        ownSchema: project.schema,
        schemas: new Set(names.rows.map((row) => row.nspname)),
      };
      for (const [index, statement] of statements.entries()) {
        const n = index + 1;
        const refusal = checkLdataStatement(statement, scope);
        if (refusal) {
          const reason = text(REFUSAL_TEXT[refusal.reason], {
            name: 'name' in refusal ? refusal.name : '',
          });
          failed.push({ sql: statement.sql, error: text('ldataRefused', { n, reason }) });
          continue;
        }
        await session.query('SAVEPOINT ldata');
        try {
          await session.query(statement.sql);
          await session.query('RELEASE SAVEPOINT ldata');
        } catch (error) {
          const { code = '?', message = String(error) } = error as {
            code?: string;
            message?: string;
          };
          await session.query('ROLLBACK TO SAVEPOINT ldata');
          failed.push({ sql: statement.sql, error: text('ldataFailed', { n, code, message }) });
        }
      }
    });
  } catch (error) {
    // The connection itself failed (the role could not log in, the server went away): nothing
    // of the LDATA was committed.
    log?.error({ err: error, project: project.numero }, 'LDATA could not run');
    return statements.map((statement, index) => ({
      sql: statement.sql,
      error: text('ldataUnavailable', { n: index + 1 }),
    }));
  }
  return failed;
}
