import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { importJWK, SignJWT, type JWK } from 'jose';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { seedDemo } from '../../server/db/seed';
import { prepareSecrets } from '../../server/secrets/prepare';
import { loadIdentityKeys } from '../../server/identity/keys';
import { createTestDatabase, type TestDatabase } from './db';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: TestDatabase;
  /** login → password of the seeded demo users. */
  passwords: Record<string, string>;
  /** A signed access token for a user, as the embedded provider would issue it. */
  tokenFor(login: string, options?: { expiresIn?: string; issuer?: string }): Promise<string>;
  call(
    operation: string,
    parameter?: unknown,
    token?: string,
  ): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

/** The whole app on a fresh database with the demo seeded; no listening socket. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-data-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:8089',
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
    // The demo's MDM policies and tokens only where a test asks for them (mdm-managed.test.ts).
    DEMO_MDM: 'false',
    ...env,
  });
  await prepareSecrets(config, database.db);
  const credentials = (await seedDemo(database.db, config)) ?? '';
  const passwords = Object.fromEntries(
    credentials
      .trim()
      .split('\n')
      .map((line) => line.split('\t'))
      .map(([, login, password]) => [login, password]),
  );
  const app = await buildApp({ config, db: database.db, sandbox: database.sandbox });
  const keys = await loadIdentityKeys(database.db);

  async function tokenFor(login: string, options: { expiresIn?: string; issuer?: string } = {}) {
    const user = await database.db
      .selectFrom('core.users')
      .select('id')
      .where('login', '=', login)
      .executeTakeFirstOrThrow();
    const jwk = keys.jwks.keys[0] as JWK;
    return new SignJWT({ scope: 'openid profile' })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setSubject(String(user.id))
      .setIssuer(options.issuer ?? config.issuer)
      .setAudience(config.audience)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '5m')
      .sign(await importJWK(jwk, 'RS256'));
  }

  async function call(operation: string, parameter?: unknown, token?: string) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/services',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { operation, parameter },
    });
    return { status: response.statusCode, body: response.json() };
  }

  return {
    app,
    config,
    database,
    passwords,
    tokenFor,
    call,
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
