import { afterAll, beforeAll, expect, it } from 'vitest';
import pg from 'pg';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/open';
import { buildTestApp, type TestApp } from '../support/app';

// With an external PostgreSQL (DATABASE_URL), the application connects as its own role, never
// a superuser, and an administrative role creates the projects' roles (docs/operations.md).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const open = (env: Record<string, string>) =>
  openDatabase(loadConfig({ DATA_DIR: t.config.DATA_DIR, LOG_LEVEL: 'silent', ...env }));

it('refuses to start without DATABASE_ADMIN_URL, naming it', async () => {
  await expect(open({ DATABASE_URL: t.database.url })).rejects.toThrow(
    /^DATABASE_ADMIN_URL is missing: .*docs\/operations\.md/,
  );
});

it('refuses to start when DATABASE_URL connects as a superuser', async () => {
  await expect(
    open({ DATABASE_URL: t.database.adminUrl, DATABASE_ADMIN_URL: t.database.adminUrl }),
  ).rejects.toThrow(/^DATABASE_URL connects as \w+, a superuser: .*docs\/operations\.md/);
});

it('refuses to start when a role cannot connect, saying which', async () => {
  const missing = new URL(t.database.url);
  missing.username = 'flota_no_such_role';
  await expect(
    open({ DATABASE_URL: missing.toString(), DATABASE_ADMIN_URL: t.database.adminUrl }),
  ).rejects.toThrow(/^DATABASE_URL does not connect \(.*flota_no_such_role.*\): see docs/);
});

it('refuses an administrative role that may not create roles', async () => {
  await expect(
    open({ DATABASE_URL: t.database.url, DATABASE_ADMIN_URL: t.database.url }),
  ).rejects.toThrow(/^DATABASE_ADMIN_URL connects as \w+, which may not create roles/);
});

it('starts with the application role and an administrative one', async () => {
  const opened = await open({
    DATABASE_URL: t.database.url,
    DATABASE_ADMIN_URL: t.database.adminUrl,
  });
  try {
    expect(opened.description).toMatch(/ as flota_app/);
  } finally {
    await opened.close();
  }
});

it('starts with an administrative role that may create roles but is not a superuser', async () => {
  // The guide's own set-up (docs/operations.md): Flota checks the preparation itself.
  const role = `flota_creator_${process.pid}`;
  const admin = new URL(t.database.adminUrl);
  const superuser = new pg.Client({ connectionString: t.database.adminUrl });
  await superuser.connect();
  try {
    await superuser.query(`DROP ROLE IF EXISTS ${role}`);
    await superuser.query(`CREATE ROLE ${role} LOGIN CREATEROLE PASSWORD 'creator'`);
    admin.username = role;
    admin.password = 'creator';
    const opened = await open({
      DATABASE_URL: t.database.url,
      DATABASE_ADMIN_URL: admin.toString(),
    });
    try {
      expect(opened.description).toMatch(/ as flota_app/);
      // It makes (or resets) a project's role for the SQL people write: PostgreSQL 15 refused
      // the start's first such reset ("must be superuser to alter superuser roles").
      const project = await t.database.db
        .selectFrom('core.projects')
        .select(['numero', 'schema_name'])
        .where('name', '=', 'Demo')
        .executeTakeFirstOrThrow();
      const answer = await opened.sandbox.run(
        { numero: project.numero, schema: project.schema_name },
        (session) => session.query<{ me: string }>('SELECT current_user AS me'),
      );
      expect(answer.rows[0].me).toBe(opened.sandbox.roleName(project.numero));
    } finally {
      await opened.close();
    }
  } finally {
    await superuser.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
    await superuser.end();
  }
});

it('lets several nodes start together on one database', async () => {
  // Nodes behind a balancer start at once: each prepares the database and the roles, and
  // PostgreSQL refuses two concurrent changes of one catalog row ("tuple concurrently updated").
  const env = { DATABASE_URL: t.database.url, DATABASE_ADMIN_URL: t.database.adminUrl };
  const opened = await Promise.allSettled(Array.from({ length: 6 }, () => open(env)));
  await Promise.all(opened.map((one) => (one.status === 'fulfilled' ? one.value.close() : null)));
  expect(opened.filter((one) => one.status === 'rejected')).toEqual([]);
});
