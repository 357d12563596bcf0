import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { seedDemo } from '../../server/db/seed';
import { verifyPassword } from '../../server/identity/index';
import { createTestDatabase, type TestDatabase } from '../support/db';

let database: TestDatabase;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-seed-'));
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('creates the demo company, three users with hashed random passwords, an environment and a project', async () => {
    const [first, second] = await Promise.all([
      seedDemo(database.db, config),
      seedDemo(database.db, config),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const file = fs.readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
    const lines = file.split('\n').filter((line) => line && !line.startsWith('#'));
    expect(lines.map((line) => line.split('\t').slice(0, 2))).toEqual([
      ['top-admin', 'superadmin'],
      ['admin', 'admin'],
      ['user', 'usuario'],
    ]);
    const { db } = database;
    for (const line of lines) {
      const [, login, password] = line.split('\t');
      expect(password.length).toBeGreaterThanOrEqual(12);
      const user = await db
        .selectFrom('core.users')
        .selectAll()
        .where('login', '=', login)
        .executeTakeFirstOrThrow();
      expect(user.password_hash).not.toContain(password);
      expect(await verifyPassword(password, user.password_hash)).toBe(true);
    }
    const environment = await db
      .selectFrom('core.environments')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(environment).toMatchObject({ name: 'Local', system: true });
    const project = await db.selectFrom('core.projects').selectAll().executeTakeFirstOrThrow();
    expect(project.schema_name).toBe(`prj_${project.numero}`);
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = ${project.schema_name} ORDER BY 1
    `.execute(db);
    expect(tables.rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['config', 'devices', 'flota_migrations']),
    );
  });

  it('does nothing and keeps the credentials file on a second start', async () => {
    const before = fs.readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8');
    expect(await seedDemo(database.db, config)).toBeNull();
    expect(fs.readFileSync(path.join(dataDir, 'demo-credentials.txt'), 'utf8')).toBe(before);
  });
});
