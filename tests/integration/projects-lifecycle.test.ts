import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import {
  createOtherCompany,
  createProject,
  insertDevices,
  type TestProject,
} from '../support/devices';
import { demoCompany, ok, refused } from '../support/projects';

let t: TestApp;
let admin: string;
let usuario: string;
/** Owned by usuario, with devices. */
let mine: TestProject;
let pid: string;

const row = (numero: number) =>
  t.database.db
    .selectFrom('core.projects')
    .select(['deleted', 'datedeleted'])
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  usuario = await t.tokenFor('usuario');
  const { db } = t.database;
  mine = await createProject(db, {
    companyId: await demoCompany(db),
    ownerLogin: 'usuario',
    name: 'Propio',
  });
  await insertDevices(db, mine.schema, 3);
  ({ pid } = await db
    .selectFrom('core.projects')
    .select('pid')
    .where('numero', '=', mine.numero)
    .executeTakeFirstOrThrow());
});
afterAll(() => t.close());

describe('markToDelete and markToRestore', () => {
  it('refuses a user who is not the owner, administrators included, changing nothing', async () => {
    expect(await refused(t, 'markToDelete', { pid }, admin)).toBe(
      `Solo el propietario del proyecto ${mine.numero} puede marcarlo para borrar.`,
    );
    expect(await refused(t, 'markToDelete', { pid: mine.numero }, admin)).toMatch(/propietario/);
    expect(await row(mine.numero)).toEqual({ deleted: false, datedeleted: null });
  });

  it('lets the owner mark it deleted, by pid, answering the project', async () => {
    const entry = await ok(t, 'markToDelete', { pid }, usuario);
    expect(entry).toMatchObject({
      numero: mine.numero,
      pid,
      name: 'Propio',
      owner: true,
      username: 'usuario',
      deleted: true,
      licensesInUse: 0,
    });
    expect(new Date(entry.datedeleted).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await row(mine.numero)).deleted).toBe(true);
    expect(await refused(t, 'markToDelete', { pid }, usuario)).toBe(
      `El proyecto ${mine.numero} ya está marcado para borrar.`,
    );
    const log = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'project_marked_deleted')
      .executeTakeFirstOrThrow();
    expect(log.detail).toEqual({ project: mine.numero });
  });

  it('makes a deleted project unreachable by device operations and lists', async () => {
    for (const [operation, parameter] of [
      ['devicesWithPages', { database: mine.numero }],
      ['projectAccess', { database: mine.numero }],
      ['activeDevices', { database: mine.numero }],
      ['setPendingDevices', { database: mine.numero, lstMID: ['DEV-1'], status: 'disabled' }],
    ] as const) {
      expect(await refused(t, operation, parameter, usuario), operation).toBe(
        `El proyecto ${mine.numero} está marcado para borrar: restáurelo antes de trabajar con él.`,
      );
    }
    const listed = await ok(t, 'projects', {}, usuario);
    expect(listed.data.map((p: { numero: number }) => p.numero)).not.toContain(mine.numero);
    const recent = await ok(t, 'recents', {}, usuario);
    expect(recent.data.map((p: { numero: number }) => p.numero)).not.toContain(mine.numero);
  });

  it('lets only the owner restore it, and the restored project works again', async () => {
    expect(await refused(t, 'markToRestore', { pid }, admin)).toBe(
      `Solo el propietario del proyecto ${mine.numero} puede restaurarlo.`,
    );
    expect((await row(mine.numero)).deleted).toBe(true);
    const entry = await ok(t, 'markToRestore', { pid: String(mine.numero) }, usuario);
    expect(entry).toMatchObject({ numero: mine.numero, deleted: false, datedeleted: null });
    expect(await row(mine.numero)).toEqual({ deleted: false, datedeleted: null });
    const devices = await ok(t, 'devicesWithPages', { database: mine.numero }, usuario);
    expect(devices.total).toBe(3);
    expect(await refused(t, 'markToRestore', { pid }, usuario)).toBe(
      `El proyecto ${mine.numero} no está marcado para borrar.`,
    );
  });

  it("refuses an unknown project and another company's alike", async () => {
    const foreign = await createOtherCompany(t.database.db, 'ajeno-lifecycle');
    expect(await refused(t, 'markToDelete', { pid: foreign.numero }, usuario)).toBe(
      `El proyecto ${foreign.numero} no existe o no pertenece a su empresa.`,
    );
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await refused(t, 'markToRestore', { pid: unknown }, usuario)).toMatch(
      /no existe o no pertenece a su empresa/,
    );
    expect(await refused(t, 'markToDelete', { pid: 'not a pid' }, usuario)).toMatch(
      /^Parámetro no válido para markToDelete: pid/,
    );
  });
});
