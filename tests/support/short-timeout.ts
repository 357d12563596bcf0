import { buildApp } from '../../server/app';
import { createSqlSandbox } from '../../server/db/sandbox';
import type { TestApp } from './app';

/**
 * Calls one operation on a second app over the same database whose SQL sandbox ends a statement
 * after 500 ms (a runaway query's test): the envelope's error and how long the call took.
 */
export async function callWithShortTimeout(
  t: TestApp,
  token: string,
  operation: string,
  parameter: unknown,
): Promise<{ error: { code: string; description: string }; ms: number }> {
  const sandbox = createSqlSandbox({
    db: t.database.db,
    appUrl: t.database.url,
    adminUrl: t.database.adminUrl,
    limits: { statementTimeoutMs: 500, watchdogGraceMs: 500 },
  });
  const app = await buildApp({ config: t.config, db: t.database.db, sandbox });
  try {
    const started = Date.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${token}` },
      payload: { operation, parameter },
    });
    return { error: response.json().error, ms: Date.now() - started };
  } finally {
    await app.close();
    await sandbox.close();
  }
}
