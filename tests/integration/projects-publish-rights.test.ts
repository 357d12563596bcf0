import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markWrite, uniformTree } from '../../protocol/access-tree';
import { CLOUD_TREE, PERMISSION_TYPE } from '../../protocol/menu-tree';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, type TestProject } from '../support/devices';
import {
  createEnvironment,
  createUser,
  demoCompany,
  ok,
  refused,
  userIdOf,
} from '../support/projects';

// Rights per environment (docs/users.md, "Rights per environment"): publishing to an environment
// needs every layer that speaks of it to allow it, the target environment's included; deny wins.

let t: TestApp;
let admin: string;
let user: string;
let userId: number;
let demo: TestProject;
let source: number;
let production: number;
let testing: number;
let copies = 0;

const FULL = uniformTree(true, true);
const NO_PUBLISH = markWrite(uniformTree(true, true), 'publish', false);

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  demo = await demoProject(db);
  const companyId = await demoCompany(db);
  await createUser(db, companyId, 'publisher');
  userId = await userIdOf(db, 'publisher');
  user = await t.tokenFor('publisher');
  ({ environment_id: source } = await db
    .selectFrom('core.projects')
    .select('environment_id')
    .where('numero', '=', demo.numero)
    .executeTakeFirstOrThrow());
  const system = { companyId, urlManager: t.config.PUBLIC_URL, urlAuthority: t.config.issuer };
  production = await createEnvironment(db, { ...system, name: 'Producción', system: true });
  testing = await createEnvironment(db, { ...system, name: 'Pruebas', system: true });
});
afterAll(() => t?.close());

/** The share of the demo project: publish, the whole tree, no flag per environment. */
const share = (changes: Record<string, unknown> = {}) =>
  ok(
    t,
    'shareProject',
    { database: demo.numero, userId, permissions: { publish: true }, access: FULL, ...changes },
    admin,
  );

const saveTree = (type: number, environment: number, access: unknown) =>
  ok(t, 'saveUserAccess', { idusr: userId, idenv: environment, type, access }, admin);

const projectCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('core.projects')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A publication with names of its own, so that every copy is a new project. */
function publishTo(environment: number) {
  copies++;
  return { database: demo.numero, environment, name: `Copia ${copies}`, dbname: `copia_${copies}` };
}

const publishes = async (environment: number, token = user) => {
  const result = await ok(t, 'publishProject', publishTo(environment), token);
  expect(result.environment).toBe(environment);
};

/** Refused with a text that names why, and no project made. */
const refusedTo = async (environment: number, why: RegExp, token = user) => {
  const before = await projectCount();
  expect(await refused(t, 'publishProject', publishTo(environment), token)).toMatch(why);
  expect(await projectCount()).toBe(before);
};

beforeEach(async () => {
  await share();
  for (const environment of [source, production, testing]) {
    for (const type of [PERMISSION_TYPE.cloudUi, PERMISSION_TYPE.projectByEnvironment]) {
      await saveTree(type, environment, null);
    }
  }
});

describe('publishProject to an environment', () => {
  it('publishes where nothing denies it', async () => {
    await publishes(production);
    await publishes(testing);
  });

  it("(a) is refused where the share's permissions for that environment deny publishing", async () => {
    const flags = (publish: boolean) => ({ generate: true, download: true, publish });
    await share({ envPermissions: { [production]: flags(false), [testing]: flags(true) } });
    await refusedTo(production, /entorno «Producción»: su acceso compartido no lo permite/);
    await publishes(testing);
    // Flags stored for other environments only: one without any is denied.
    await share({ envPermissions: { [testing]: flags(true) } });
    await refusedTo(production, /su acceso compartido no lo permite en ese entorno/);
  });

  it("(b) is refused where the target environment's menu tree denies publishing", async () => {
    const denied = markWrite(uniformTree(true, true, CLOUD_TREE), 'projects.list.publish', false);
    await saveTree(PERMISSION_TYPE.cloudUi, source, []);
    await saveTree(PERMISSION_TYPE.cloudUi, testing, []);
    await saveTree(PERMISSION_TYPE.cloudUi, production, denied);
    await refusedTo(production, /entorno «Producción»: Su árbol de accesos no le permite/);
    await publishes(testing);
  });

  it("(c) is refused where the target environment's project tree (type 4) denies publishing", async () => {
    await saveTree(PERMISSION_TYPE.projectByEnvironment, production, NO_PUBLISH);
    await refusedTo(production, /árbol de accesos de los proyectos del entorno «Producción»/);
    await publishes(testing);
  });

  it("(d) is refused everywhere when the source environment's project tree (type 4) denies it", async () => {
    await saveTree(PERMISSION_TYPE.projectByEnvironment, source, NO_PUBLISH);
    await refusedTo(production, /^No puede publicar el proyecto/);
    await refusedTo(testing, /^No puede publicar el proyecto/);
  });

  it("(e) is refused everywhere when the share's own tree denies the publish node", async () => {
    await share({ access: NO_PUBLISH });
    await refusedTo(production, /su árbol de accesos del proyecto no lo permite/);
    await refusedTo(testing, /su árbol de accesos del proyecto no lo permite/);
  });

  it('answers in English to an English-speaking user', async () => {
    await t.database.db
      .updateTable('core.users')
      .set({ language: 'en' })
      .where('id', '=', userId)
      .execute();
    const english = await t.tokenFor('publisher');
    await share({ access: NO_PUBLISH });
    await refusedTo(
      production,
      /^You cannot publish project \d+: your access tree of the project does not allow it\.$/,
      english,
    );
    await t.database.db
      .updateTable('core.users')
      .set({ language: 'es' })
      .where('id', '=', userId)
      .execute();
  });

  it('limits neither the company administrators nor a user the share never limited', async () => {
    await saveTree(PERMISSION_TYPE.projectByEnvironment, testing, NO_PUBLISH);
    await publishes(testing, admin);
    await publishes(production);
  });
});

describe('publishTargets', () => {
  const targets = async (token = user) =>
    (await ok(t, 'publishTargets', { database: demo.numero }, token)) as {
      id: number;
      allowed: boolean;
      reason: string | null;
    }[];
  const of = (list: Awaited<ReturnType<typeof targets>>, id: number) =>
    list.find((target) => target.id === id);

  it("lists the company's other environments, each with the refusal publishProject would give", async () => {
    const flags = (publish: boolean) => ({ generate: true, download: true, publish });
    await share({ envPermissions: { [production]: flags(false), [testing]: flags(true) } });
    const list = await targets();
    // The project's own environment is not a target.
    expect(of(list, source)).toBeUndefined();
    expect(of(list, testing)).toEqual({ id: testing, allowed: true, reason: null });
    const refusedHere = of(list, production);
    expect(refusedHere?.allowed).toBe(false);
    expect(refusedHere?.reason).toMatch(/entorno «Producción»: su acceso compartido no lo permite/);
    // The same reason publishProject gives.
    await refusedTo(
      production,
      new RegExp(refusedHere!.reason!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    );
  });

  it('allows every environment to a company administrator', async () => {
    await saveTree(PERMISSION_TYPE.projectByEnvironment, testing, NO_PUBLISH);
    const list = await targets(admin);
    expect(list.every((target) => target.allowed)).toBe(true);
  });
});
