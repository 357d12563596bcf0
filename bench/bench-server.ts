import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig, type Config } from '../server/config';
import type { Db } from '../server/db/database';
import { freePort } from '../server/db/embedded';
import { openDatabase } from '../server/db/open';
import { seedDemo } from '../server/db/seed';

export interface BenchServer {
  config: Config;
  database: Awaited<ReturnType<typeof openDatabase>>;
  db: Db;
  app: FastifyInstance;
  /** The node's address, http://127.0.0.1:<port>. */
  url: string;
  /** The demo project. */
  project: { numero: number; schema: string };
}

/**
 * One server node in this process on an embedded PostgreSQL in a temporary folder, with the
 * demo seeded, for `work`; everything is stopped and removed after it, whatever happens.
 */
export async function withBenchServer<T>(
  name: string,
  work: (server: BenchServer) => Promise<T>,
  options: { port?: number; env?: Record<string, string> } = {},
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `flota-bench-${name}-`));
  fs.chmodSync(dataDir, 0o755); // the embedded server runs as its own user when we are root
  const port = options.port || (await freePort());
  const config = loadConfig({
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...options.env,
  });
  const database = await openDatabase(config);
  const db = database.db;
  await seedDemo(db, config);
  const app = await buildApp({ config, db, sandbox: database.sandbox });
  try {
    const url = await app.listen({ port, host: '127.0.0.1' });
    const row = await db
      .selectFrom('core.projects')
      .select(['numero', 'schema_name'])
      .where('name', '=', 'Demo')
      .executeTakeFirstOrThrow();
    const project = { numero: row.numero, schema: row.schema_name };
    return await work({ config, database, db, app, url, project });
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A services call through the whole app (token, permission, SQL, JSON); a refusal throws. */
export function servicesCaller(app: FastifyInstance, headers: Record<string, string>) {
  return async (operation: string, parameter: Record<string, unknown>): Promise<unknown> => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/services',
      headers,
      payload: { operation, parameter },
    });
    const body = response.json();
    if (body.error.code !== '0') throw new Error(`${operation}: ${body.error.description}`);
    return body.result;
  };
}
