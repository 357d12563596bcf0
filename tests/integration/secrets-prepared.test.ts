import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prepareSecrets } from '../../server/secrets/prepare';
import { createTestDatabase, type TestDatabase } from '../support/db';

// A node creates the secrets it shares with the others at its start, not on a call's first use:
// a call (even a refused one) never writes them, and a node with another key stops at once.

let database: TestDatabase;
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-prepared-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const names = async () =>
  (await database.db.selectFrom('core.secrets').select('name').orderBy('name').execute()).map(
    (row) => row.name,
  );

it('creates the secrets key check and the project roles key before any call', async () => {
  const first = dataDir();
  expect(await names()).not.toContain('sql-role-key');
  await prepareSecrets({ DATA_DIR: first, SECRETS_KEY: undefined }, database.db);
  expect(await names()).toEqual(expect.arrayContaining(['secrets_key_check', 'sql-role-key']));
  const rows = await database.db.selectFrom('core.secrets').selectAll().execute();
  // A second start with the same key changes nothing.
  await prepareSecrets({ DATA_DIR: first, SECRETS_KEY: undefined }, database.db);
  expect(await database.db.selectFrom('core.secrets').selectAll().execute()).toEqual(rows);
});

it('stops a node whose secrets key is not the one the database knows', async () => {
  await expect(
    prepareSecrets({ DATA_DIR: dataDir(), SECRETS_KEY: undefined }, database.db),
  ).rejects.toThrow(/give every node the same SECRETS_KEY/);
});
