import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isTopAdmin } from '../../protocol/roles';
import { buildApp } from '../../server/app';
import { loadConfig, type Config } from '../../server/config';
import { createFirstAdmin } from '../../server/db/first-admin';
import { digest } from '../support/fuzz';
import { createTestDatabase, type TestDatabase } from '../support/db';
import { browser, codeOf, exchange, startSignIn } from '../support/signin';

// A database started with DEMO_SEED=false has nobody to sign in as: `npm run first-admin`
// creates the company, its top administrator and the system environment, once
// (docs/operations.md, "The first administrator").

const run = promisify(execFile);
let database: TestDatabase;
let config: Config;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-first-admin-'));
  config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:8089',
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
  });
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('refuses what is missing or malformed, and writes nothing', async () => {
  const before = await digest(database.db);
  await expect(
    createFirstAdmin(database.db, config, { company: ' ', login: '', email: 'alice' }),
  ).rejects.toThrow(
    'Give a company name (--company), a login (--login), an e-mail address (--email).',
  );
  expect(await digest(database.db)).toEqual(before);
});

it('creates, through npm run first-admin, a top administrator who signs in', async () => {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/cli-first-admin.ts',
      '--company',
      'Transportes Sur',
      '--login',
      'alice',
      '--email',
      'alice@sur.example',
    ],
    {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        DATABASE_ADMIN_URL: database.adminUrl,
        DATA_DIR: dataDir,
        PUBLIC_URL: config.PUBLIC_URL,
        LOG_LEVEL: 'silent',
      },
      timeout: 60_000,
    },
  );
  expect(stdout).toContain('Created the company Transportes Sur');
  const password = /\n {2}(\S+)\n/.exec(stdout)?.[1];
  expect(password).toMatch(/^[\w-]{16}$/);
  const environment = await database.db
    .selectFrom('core.environments')
    .innerJoin('core.companies', 'core.companies.id', 'core.environments.company_id')
    .select(['core.companies.name', 'url_manager', 'system'])
    .executeTakeFirstOrThrow();
  expect(environment).toEqual({
    name: 'Transportes Sur',
    url_manager: config.PUBLIC_URL,
    system: true,
  });

  // Through the real sign-in page, then a call that only a top administrator may make.
  let app: FastifyInstance | null = null;
  try {
    app = await buildApp({ config, db: database.db, sandbox: database.sandbox });
    const go = browser(app, config);
    const { verifier, interaction } = await startSignIn(go, config);
    const login = await go('POST', `${interaction}/login`, { login: 'alice', password: password! });
    expect(login.statusCode).toBe(303);
    const resumed = await go('GET', login.headers.location as string);
    const tokens = await exchange(go, config, codeOf(resumed, config), verifier);
    const session = await app.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { operation: 'session', parameter: {} },
    });
    const { error, result } = session.json();
    expect(error.code).toBe('0');
    expect(result.user.login).toBe('alice');
    expect(isTopAdmin(result.profile)).toBe(true);
  } finally {
    await app?.close();
  }
});

it('refuses a second first administrator', async () => {
  await expect(
    createFirstAdmin(database.db, config, {
      company: 'Otra',
      login: 'bob',
      email: 'bob@otra.example',
    }),
  ).rejects.toThrow(/already has a top administrator \(alice\)/);
});

it('refuses a taken company name or login by their unique indexes, and writes nothing', async () => {
  const other = await createTestDatabase();
  try {
    const { db } = other;
    const sur = await db
      .insertInto('core.companies')
      .values({ name: 'Sur', tier: 'FLOTA_FREE' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('core.users')
      .values({
        company_id: sur.id,
        login: 'Ana',
        email: 'ana@sur.example',
        password_hash: 'x',
        role: 'ADMIN',
        rights: 'ADMINISTRADOR',
      })
      .execute();
    const before = await digest(db);
    const email = 'x@sur.example';
    await expect(
      createFirstAdmin(db, config, { company: 'Sur', login: 'x', email }),
    ).rejects.toThrow('A company named Sur exists.');
    await expect(
      createFirstAdmin(db, config, { company: 'Norte', login: 'ana', email }),
    ).rejects.toThrow('The login ana is taken.');
    expect(await digest(db)).toEqual(before);
  } finally {
    await other.drop();
  }
});
