import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import {
  createOtherCompany,
  createProject,
  demoProject,
  insertDevices,
  type TestProject,
} from '../support/devices';
import { demoCompany } from '../support/projects';

let t: TestApp;
let admin: string;
let superadmin: string;
let usuario: string;
let companyId: number;
let environment: number;
let demo: TestProject;
/** Owned by admin, 10 licences, 6 devices holding one. */
let licensed: TestProject;
/** Owned by usuario, 10 licences, no devices. */
let own: TestProject;

async function project(numero: number) {
  return t.database.db
    .selectFrom('core.projects')
    .select(['licences', 'dbname', 'updated_at'])
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow();
}

async function change(target: TestProject, licadd: unknown, token = admin) {
  const { dbname } = await project(target.numero);
  const { body } = await t.call(
    'admlicenses',
    { oper: 'update', database: target.numero, dbname, licadd },
    token,
  );
  return body as { error: { code: string; description: string }; result: number };
}

async function free(): Promise<number> {
  const { body } = await t.call('getServerLicence', { environment }, admin);
  return body.result.free;
}

async function logged(action: string) {
  return t.database.db
    .selectFrom('core.actions_log')
    .select('detail')
    .where('action', '=', action)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  superadmin = await t.tokenFor('superadmin');
  usuario = await t.tokenFor('usuario');
  companyId = await demoCompany(db);
  ({ id: environment } = await db
    .selectFrom('core.environments')
    .select('id')
    .where('name', '=', 'Local')
    .executeTakeFirstOrThrow());
  demo = await demoProject(db);
  licensed = await createProject(db, { companyId, ownerLogin: 'admin', name: 'Licencias' });
  own = await createProject(db, { companyId, ownerLogin: 'usuario', name: 'Propio' });
  await insertDevices(db, licensed.schema, 8);
  await sql`UPDATE ${sql.id(licensed.schema, 'devices')} SET "LIC" = 'L' WHERE "ID" <= 6`.execute(
    db,
  );
});
afterAll(() => t.close());

describe('admlicenses', () => {
  it('does nothing when the count is unchanged, answering the current total', async () => {
    const before = await project(licensed.numero);
    expect(await change(licensed, 0)).toEqual({
      error: { code: '0', description: '' },
      result: 10,
    });
    expect(await project(licensed.numero)).toEqual(before);
    expect(await logged('project_licences_changed')).toEqual([]);
  });

  it('increases and decreases, answering the total, and logs the change', async () => {
    expect((await change(licensed, 3)).result).toBe(13);
    expect((await change(licensed, '-2')).result).toBe(11);
    expect((await project(licensed.numero)).licences).toBe(11);
    expect((await logged('project_licences_changed')).map((row) => row.detail)).toEqual([
      { project: licensed.numero, from: 10, to: 13 },
      { project: licensed.numero, from: 13, to: 11 },
    ]);
  });

  it('refuses fewer licences than the devices use', async () => {
    expect((await change(licensed, -6)).error).toEqual({
      code: '-1',
      description: 'El proyecto tiene 6 licencias en uso: no puede quedarse con menos.',
    });
    expect((await project(licensed.numero)).licences).toBe(11);
    expect((await change(licensed, -5)).result).toBe(6);
  });

  it('refuses more than the free licences of the environment', async () => {
    const left = await free();
    expect((await change(own, left + 1)).error).toEqual({
      code: '-1',
      description: `No hay más licencias libres en el entorno: quedan ${left}.`,
    });
    expect((await project(own.numero)).licences).toBe(10);
    await t.database.db
      .updateTable('core.users')
      .set({ language: 'en' })
      .where('login', '=', 'usuario')
      .execute();
    expect((await change(own, left + 1, usuario)).error.description).toBe(
      `There are no more free licences in the environment: ${left} left.`,
    );
    await t.database.db
      .updateTable('core.users')
      .set({ language: 'es' })
      .where('login', '=', 'usuario')
      .execute();
    // Exactly the free licences is allowed; then none are left.
    expect((await change(own, left)).result).toBe(10 + left);
    expect(await free()).toBe(0);
    expect((await change(own, -left)).result).toBe(10);
  });

  it('refuses a removal below zero', async () => {
    expect((await change(own, -11)).error.description).toBe(
      'El proyecto tiene 10 licencias: no se le pueden quitar 11.',
    );
    expect((await project(own.numero)).licences).toBe(10);
  });

  it('refuses a change that is not a whole number', async () => {
    for (const licadd of ['abc', 1.5, '1.5', '', '1e3']) {
      expect((await change(own, licadd)).error).toEqual({
        code: '-1',
        description: `El cambio de licencias debe ser un número entero: «${licadd}» no lo es.`,
      });
    }
    for (const licadd of [null, true, { n: 1 }]) {
      expect((await change(own, licadd)).error.description).toMatch(
        /^Parámetro no válido para admlicenses: licadd/,
      );
    }
    const { body } = await t.call(
      'admlicenses',
      { oper: 'delete', database: own.numero, dbname: 'x', licadd: 1 },
      admin,
    );
    expect(body.error.description).toMatch(/^Parámetro no válido para admlicenses: oper/);
    expect((await project(own.numero)).licences).toBe(10);
  });

  it("lets the owner or an administrator change them, nobody else, and not another company's", async () => {
    // usuario owns "Propio" and may; demo belongs to admin (even if shared with usuario).
    expect((await change(own, 1, usuario)).result).toBe(11);
    expect((await change(own, -1, superadmin)).result).toBe(10);
    expect((await change(demo, 1, usuario)).error.description).toBe(
      'Solo el propietario del proyecto o un administrador de la empresa pueden cambiar sus licencias.',
    );
    const other = await createOtherCompany(t.database.db, 'ajeno-admin');
    expect((await change(other, 1)).error.description).toBe(
      `El proyecto ${other.numero} no existe o no pertenece a su empresa.`,
    );
    expect((await project(demo.numero)).licences).toBe(200);
    expect((await project(other.numero)).licences).toBe(10);
  });

  it('refuses a database name that is not the project’s, and a project marked deleted', async () => {
    const { body } = await t.call(
      'admlicenses',
      { oper: 'update', database: own.numero, dbname: 'otra', licadd: 1 },
      admin,
    );
    expect(body.error.description).toBe(
      `El proyecto ${own.numero} no tiene la base de datos «otra».`,
    );
    await t.database.db
      .updateTable('core.projects')
      .set({ deleted: true, datedeleted: new Date() })
      .where('numero', '=', own.numero)
      .execute();
    expect((await change(own, 1)).error.description).toBe(
      `El proyecto ${own.numero} está marcado para borrar: restáurelo antes de trabajar con él.`,
    );
    await t.database.db
      .updateTable('core.projects')
      .set({ deleted: false, datedeleted: null })
      .where('numero', '=', own.numero)
      .execute();
    expect((await project(own.numero)).licences).toBe(10);
  });

  it('never lets increases made at once overrun the pool', async () => {
    // Five projects without licences, and exactly 10 free: of five increases of 4 at once, two fit.
    const racers = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        createProject(t.database.db, {
          companyId,
          ownerLogin: 'admin',
          name: `Carrera ${n}`,
          licences: 0,
        }),
      ),
    );
    const { body } = await t.call('getServerLicence', { environment }, admin);
    const { assigned } = body.result;
    const set = await t.call(
      'setServerLicence',
      { environment, ServerLic: assigned + 10 },
      superadmin,
    );
    expect(set.body.result).toMatchObject({ ServerLic: assigned + 10, free: 10 });
    const names = await Promise.all(
      racers.map(async (racer) => (await project(racer.numero)).dbname),
    );
    const answers = await Promise.all(
      racers.map((racer, index) =>
        t.call(
          'admlicenses',
          { oper: 'update', database: racer.numero, dbname: names[index], licadd: 4 },
          admin,
        ),
      ),
    );
    const codes = answers.map((answer) => answer.body.error.code);
    expect(codes.filter((code) => code === '0')).toHaveLength(2);
    for (const answer of answers.filter((a) => a.body.error.code !== '0')) {
      expect(answer.body.error.description).toBe(
        'No hay más licencias libres en el entorno: quedan 2.',
      );
    }
    expect(await free()).toBe(2);
  });
});

describe('server licence', () => {
  it('answers the pool to administrators', async () => {
    const { body } = await t.call('getServerLicence', { environment: String(environment) }, admin);
    const rows = await t.database.db
      .selectFrom('core.projects')
      .select((eb) => eb.fn.sum<string>('licences').as('sum'))
      .where('environment_id', '=', environment)
      .executeTakeFirstOrThrow();
    expect(body.result).toEqual({
      ServerLic: Number(rows.sum) + 2,
      assigned: Number(rows.sum),
      used: 6,
      free: 2,
    });
    expect((await t.call('getServerLicence', { environment }, usuario)).status).toBe(403);
  });

  it('is set by the top administrator only, never below the licences assigned', async () => {
    const { body } = await t.call('getServerLicence', { environment }, admin);
    const { assigned } = body.result;
    const byAdmin = await t.call('setServerLicence', { environment, ServerLic: 5000 }, admin);
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.error.description).toBe('Su usuario no tiene permiso para esta acción.');
    const below = await t.call(
      'setServerLicence',
      { environment, ServerLic: assigned - 1 },
      superadmin,
    );
    expect(below.body.error.description).toBe(
      `Los proyectos del entorno tienen ${assigned} licencias asignadas: la licencia del servidor no puede ser menor.`,
    );
    for (const ServerLic of [-1, 'mil', 2.5]) {
      const bad = await t.call('setServerLicence', { environment, ServerLic }, superadmin);
      expect(bad.body.error.description).toContain(
        'El número de licencias debe ser un número entero entre 0 y 1000000000',
      );
    }
    const set = await t.call('setServerLicence', { environment, ServerLic: '5000' }, superadmin);
    expect(set.body.result).toEqual({ ServerLic: 5000, assigned, used: 6, free: 5000 - assigned });
    const exact = await t.call(
      'setServerLicence',
      { environment, ServerLic: assigned },
      superadmin,
    );
    expect(exact.body.result.free).toBe(0);
    expect((await logged('server_licence_set')).map((row) => row.detail)).toContainEqual({
      environment,
      name: 'Local',
      from: 5000,
      to: assigned,
    });
  });
});
