import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeDeletedProjects, schedulePurge } from '../../server/projects/purge';
import { buildTestApp, type TestApp } from '../support/app';
import { createProject, insertDevices, type TestProject } from '../support/devices';

const DAY_MS = 24 * 3600 * 1000;
/** The clock of these tests: purges are asked "as of" this moment, never the real one. */
const NOW = new Date('2027-03-01T12:00:00Z');
const daysBefore = (days: number, now = NOW) => new Date(now.getTime() - days * DAY_MS);

let t: TestApp;
let companyId: number;
let adminId: number;
let usuarioId: number;

async function deletedProject(name: string, daysAgo: number): Promise<TestProject> {
  const { db } = t.database;
  const project = await createProject(db, { companyId, ownerLogin: 'admin', name, licences: 4 });
  await db
    .updateTable('core.projects')
    .set({ deleted: true, datedeleted: daysBefore(daysAgo) })
    .where('numero', '=', project.numero)
    .execute();
  return project;
}

async function exists(project: TestProject) {
  const { db } = t.database;
  const row = await db
    .selectFrom('core.projects')
    .select('numero')
    .where('numero', '=', project.numero)
    .executeTakeFirst();
  // The project's schema and its system sources' (server/tables/sources.ts): all or none.
  const schemas = await sql<{ found: number }>`
    SELECT count(*)::int AS found FROM pg_namespace
    WHERE nspname IN (${project.schema}, ${`${project.schema}_ids`}, ${`${project.schema}_manager`},
                      ${`${project.schema}_replicator`})`.execute(db);
  const found = schemas.rows[0].found;
  expect([0, 4]).toContain(found);
  return { row: row !== undefined, schema: found === 4 };
}

async function purgedLog() {
  const rows = await t.database.db
    .selectFrom('core.actions_log')
    .select(['company_id', 'user_id', 'detail'])
    .where('action', '=', 'project_purged')
    .execute();
  return rows.map((row) => ({ ...row, detail: row.detail as Record<string, unknown> }));
}

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  ({ id: companyId } = await db
    .selectFrom('core.companies')
    .select('id')
    .where('name', '=', 'Demo')
    .executeTakeFirstOrThrow());
  const users = await db.selectFrom('core.users').select(['id', 'login']).execute();
  adminId = users.find((user) => user.login === 'admin')!.id;
  usuarioId = users.find((user) => user.login === 'usuario')!.id;
});
afterAll(() => t.close());

describe('purgeDeletedProjects', () => {
  it('keeps 29 days, purges after 30 with its schema and rows, and frees its licences', async () => {
    const { db } = t.database;
    const old = await deletedProject('Viejo', 31);
    const recent = await deletedProject('Reciente', 29);
    const active = await createProject(db, { companyId, ownerLogin: 'admin', name: 'Activo' });
    await insertDevices(db, old.schema, 3);
    await db
      .insertInto('core.project_recents')
      .values({ user_id: usuarioId, numero: old.numero })
      .execute();
    await db
      .insertInto('core.project_shares')
      .values({
        numero: old.numero,
        user_id: usuarioId,
        permissions: '{}',
        env_permissions: '{}',
        access: '[]',
        shared_by: adminId,
      })
      .execute();
    await db
      .insertInto('core.device_directory')
      .values({ mid: 'DEV-1', numero: old.numero, credential_hash: 'x' })
      .execute();
    const assigned = async () =>
      Number(
        (
          await db
            .selectFrom('core.projects')
            .select((eb) => eb.fn.sum<string>('licences').as('sum'))
            .executeTakeFirstOrThrow()
        ).sum,
      );
    const before = await assigned();

    expect(await purgeDeletedProjects(db, NOW)).toEqual([old.numero]);
    expect(await exists(old)).toEqual({ row: false, schema: false });
    expect(await exists(recent)).toEqual({ row: true, schema: true });
    expect(await exists(active)).toEqual({ row: true, schema: true });
    expect(await assigned()).toBe(before - 4);
    for (const table of [
      'core.project_recents',
      'core.project_shares',
      'core.device_directory',
    ] as const) {
      const left = await db
        .selectFrom(table)
        .select('numero')
        .where('numero', '=', old.numero)
        .execute();
      expect(left).toEqual([]);
    }
    expect(await purgedLog()).toEqual([
      {
        company_id: companyId,
        user_id: null,
        detail: expect.objectContaining({ project: old.numero, name: 'Viejo' }),
      },
    ]);

    // Nothing more today; two days later the 29-day-old one is 31 days old.
    expect(await purgeDeletedProjects(db, NOW)).toEqual([]);
    const later = new Date(NOW.getTime() + 2 * DAY_MS);
    expect(await purgeDeletedProjects(db, later)).toEqual([recent.numero]);
    expect(await exists(recent)).toEqual({ row: false, schema: false });
    expect(await exists(active)).toEqual({ row: true, schema: true });
  });

  it('does not purge a project restored in time', async () => {
    const { db } = t.database;
    const restored = await deletedProject('Restaurado', 45);
    await db
      .updateTable('core.projects')
      .set({ deleted: false, datedeleted: null })
      .where('numero', '=', restored.numero)
      .execute();
    // Even a stale date left on an active project does not make it a candidate.
    const stale = await createProject(db, { companyId, ownerLogin: 'admin', name: 'Fecha vieja' });
    await db
      .updateTable('core.projects')
      .set({ datedeleted: daysBefore(90) })
      .where('numero', '=', stale.numero)
      .execute();
    expect(await purgeDeletedProjects(db, NOW)).toEqual([]);
    expect(await exists(restored)).toEqual({ row: true, schema: true });
    expect(await exists(stale)).toEqual({ row: true, schema: true });
  });

  it('purges each project exactly once when two nodes purge at once', async () => {
    const projects = [];
    for (let n = 1; n <= 6; n++) projects.push(await deletedProject(`Doble ${n}`, 40 + n));
    const logBefore = (await purgedLog()).length;
    const [first, second] = await Promise.all([
      purgeDeletedProjects(t.database.db, NOW),
      purgeDeletedProjects(t.database.db, NOW),
    ]);
    const numbers = projects.map((project) => project.numero);
    expect([...first, ...second].sort((a, b) => a - b)).toEqual(numbers);
    for (const project of projects)
      expect(await exists(project)).toEqual({ row: false, schema: false });
    const entries = (await purgedLog()).slice(logBefore);
    expect(entries.map((entry) => entry.detail.project).sort()).toEqual([...numbers].sort());
  });

  it('runs on a schedule until stopped', async () => {
    const project = await deletedProject('Programado', 31);
    const schedule = schedulePurge({
      db: t.database.db,
      log: t.app.log,
      intervalMs: 20,
      now: () => NOW,
    });
    const deadline = Date.now() + 5000;
    while ((await exists(project)).row && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await schedule.stop();
    expect(await exists(project)).toEqual({ row: false, schema: false });
    // Stopped: a project old enough now stays.
    const after = await deletedProject('Tras parar', 31);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await exists(after)).toEqual({ row: true, schema: true });
  });

  it('is started by a listening server, with the real clock', async () => {
    const { db } = t.database;
    const project = await createProject(db, { companyId, ownerLogin: 'admin', name: 'Real' });
    await db
      .updateTable('core.projects')
      .set({ deleted: true, datedeleted: daysBefore(31, new Date()) })
      .where('numero', '=', project.numero)
      .execute();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const deadline = Date.now() + 5000;
    while ((await exists(project)).row && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await exists(project)).toEqual({ row: false, schema: false });
  });
});
