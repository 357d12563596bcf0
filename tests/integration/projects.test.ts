import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import {
  createOtherCompany,
  createProject,
  demoProject,
  type TestProject,
} from '../support/devices';

let t: TestApp;
let admin: string;
let usuario: string;
let demo: TestProject;
/** The Demo company's projects by name, besides the seeded "Demo". */
const made: Record<string, TestProject> = {};
let foreign: TestProject;

const NAMES = ['Almacén', 'Bodega 50%', 'Campo', 'Delta', 'Eco', 'Faro', 'Gamma', 'Hangar'];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.tokenFor('admin');
  usuario = await t.tokenFor('usuario');
  const { db } = t.database;
  demo = await demoProject(db);
  const { id: companyId } = await db
    .selectFrom('core.companies')
    .select('id')
    .where('name', '=', 'Demo')
    .executeTakeFirstOrThrow();
  for (const [index, name] of NAMES.entries()) {
    made[name] = await createProject(db, {
      companyId,
      name,
      ownerLogin: index % 2 === 0 ? 'usuario' : 'admin',
    });
  }
  await db
    .updateTable('core.projects')
    .set({ deleted: true })
    .where('numero', '=', made.Hangar.numero)
    .execute();
  foreign = await createOtherCompany(db, 'ajeno-admin');
});
afterAll(() => t.close());

const projects = async (parameter: unknown, token = admin) => {
  const { body } = await t.call('projects', parameter, token);
  expect(body.error).toEqual({ code: '0', description: '' });
  return body.result as { data: { numero: number; name: string; owner: boolean }[]; total: number };
};
const names = (result: { data: { name: string }[] }) => result.data.map((row) => row.name);

describe('projects', () => {
  it("lists the company's projects not marked deleted, by name, with the owner flag", async () => {
    const result = await projects({});
    expect(result.total).toBe(8);
    expect(names(result)).toEqual([
      'Almacén',
      'Bodega 50%',
      'Campo',
      'Delta',
      'Demo',
      'Eco',
      'Faro',
      'Gamma',
    ]);
    expect(result.data.find((row) => row.name === 'Demo')).toEqual({
      numero: demo.numero,
      name: 'Demo',
      owner: true,
    });
    expect(result.data.find((row) => row.name === 'Almacén')?.owner).toBe(false);
  });

  it("never shows another company's projects", async () => {
    const everything = await projects({ datatable: { start: 0, length: 5000 } });
    const numbers = everything.data.map((row) => row.numero);
    expect(numbers).not.toContain(foreign.numero);
    expect(numbers).not.toContain(made.Hangar.numero);
    const theirs = await projects({}, await t.tokenFor('ajeno-admin'));
    expect(theirs).toEqual({
      data: [{ numero: foreign.numero, name: 'Proyecto ajeno-admin', owner: true }],
      total: 1,
      recordsTotal: 1,
    });
  });

  it('lets an ordinary user list only the projects they own or that are shared with them', async () => {
    // The rule of docs/decisions.md (Projects, sharing and access trees): the seed shares Demo
    // with usuario; the projects admin owns are out of usuario's reach.
    const result = await projects({}, usuario);
    expect(result.total).toBe(5);
    expect(names(result)).toEqual(['Almacén', 'Campo', 'Demo', 'Eco', 'Gamma']);
    expect(result.data.filter((row) => row.owner).map((row) => row.name)).toEqual([
      'Almacén',
      'Campo',
      'Eco',
      'Gamma',
    ]);
  });

  it('pages and sorts by name or number, both ways', async () => {
    const page = await projects({
      datatable: { start: 2, length: 3, orderBy: 'name', orderDir: 'desc' },
    });
    expect(page.total).toBe(8);
    expect(names(page)).toEqual(['Eco', 'Demo', 'Delta']);
    const byNumber = await projects({ datatable: { start: 0, length: 100, orderBy: 'numero' } });
    const numbers = byNumber.data.map((row) => row.numero);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(numbers[0]).toBe(demo.numero);
    const last = await projects({
      datatable: { start: 7, length: 10, orderBy: 'numero', orderDir: 'desc' },
    });
    expect(last.data.map((row) => row.numero)).toEqual([demo.numero]);
  });

  it('filters by a part of the name, in any case and as typed, or by the number', async () => {
    expect(names(await projects({ filter: { q: 'DE' } }))).toEqual(['Bodega 50%', 'Delta', 'Demo']);
    expect(names(await projects({ filter: { q: '50%' } }))).toEqual(['Bodega 50%']);
    expect(await projects({ filter: { q: '%' } })).toMatchObject({ total: 1 });
    expect(await projects({ filter: { q: 'hangar' } })).toEqual({
      data: [],
      total: 0,
      recordsTotal: 0,
    });
    const byNumber = await projects({ filter: { q: String(made.Faro.numero) } });
    expect(names(byNumber)).toContain('Faro');
    const count = await projects({ filter: { q: 'e' }, datatable: { start: 0, length: 2 } });
    expect(count.data).toHaveLength(2);
    expect(count.total).toBe(names(await projects({ filter: { q: 'e' } })).length);
  });

  it('refuses an unknown sort column and a page that is too long', async () => {
    for (const datatable of [
      { start: 0, length: 10, orderBy: 'owner_id' },
      { start: 0, length: 5001 },
    ]) {
      const { body } = await t.call('projects', { datatable }, admin);
      expect(body.error.code).toBe('-1');
      expect(body.error.description).toMatch(/^Parámetro no válido para projects: datatable/);
    }
  });
});
