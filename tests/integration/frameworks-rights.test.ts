import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { markWrite, uniformTree } from '../../protocol/access-tree';
import { GENERATION_STALE_MINUTES } from '../../protocol/frameworks';
import { CLOUD_TREE, PERMISSION_TYPE } from '../../protocol/menu-tree';
import { engineDb } from '../../server/engine/rows';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject } from '../support/devices';
import { androidVersion, finished, releaseKeystore } from '../support/frameworks';
import { createUser, demoCompany, ok, refused, userIdOf } from '../support/projects';

// The frameworks' rights per environment (docs/frameworks.md, docs/users.md "Rights per
// environment"): generate, download, publish and delete refused to a shared user whose share, or
// whose access tree of the environment, does not allow them; what the page is told it may do; and
// the generations a stopped node left running.

let t: TestApp;
let admin: string;
let user: string;
let userId: number;
let numero: number;
let environment: number;
let version: number;
let certificate: number;
let generation: number;

const FULL = uniformTree(true, true);
const ALL_FLAGS = { generate: true, download: true, publish: true };

const share = (envPermissions: Record<string, unknown> = {}) =>
  ok(
    t,
    'shareProject',
    {
      database: numero,
      userId,
      permissions: { download: true, publish: true },
      access: FULL,
      envPermissions,
    },
    admin,
  );

const flags = (changes: Partial<typeof ALL_FLAGS>) => ({
  [environment]: { ...ALL_FLAGS, ...changes },
});

const saveMenuTree = (access: unknown) =>
  ok(
    t,
    'saveUserAccess',
    { idusr: userId, idenv: environment, type: PERMISSION_TYPE.cloudUi, access },
    admin,
  );

const menuWithout = (node: string) =>
  markWrite(uniformTree(true, true, CLOUD_TREE), `projects.frameworks.${node}`, false);

const generate = () => ({
  projectid: numero,
  IdEnv: environment,
  Props: { version, certificate, appname: 'Ruta' },
});

beforeAll(async () => {
  t = await buildTestApp();
  const { db } = t.database;
  admin = await t.tokenFor('admin');
  const top = await t.tokenFor('superadmin');
  ({ numero } = await demoProject(db));
  ({ environment_id: environment } = await db
    .selectFrom('core.projects')
    .select('environment_id')
    .where('numero', '=', numero)
    .executeTakeFirstOrThrow());
  await createUser(db, await demoCompany(db), 'fw-shared');
  userId = await userIdOf(db, 'fw-shared');
  user = await t.tokenFor('fw-shared');
  version = await androidVersion(t, top, 'Android derechos');
  certificate = await releaseKeystore(t, admin);
  const made = await ok(t, 'generateFrameworks', generate(), admin);
  generation = Number(made.id);
  expect((await finished(t, numero, generation, admin)).state).toBe('done');
});
afterAll(() => t?.close());

beforeEach(async () => {
  await share();
  await saveMenuTree(null);
});

describe('a shared user', () => {
  it('generates, downloads and publishes where nothing denies it, and is told so', async () => {
    const context = await ok(t, 'frameworksContext', { projectid: numero }, user);
    expect(context.environments).toContainEqual(
      expect.objectContaining({
        id: environment,
        generate: true,
        download: true,
        publish: true,
        delete: true,
      }),
    );
    expect(context.certificates).toContainEqual(expect.objectContaining({ id: certificate }));
    await ok(t, 'generateFrameworks', generate(), user);
    await ok(t, 'downloadFramework', { id: generation }, user);
    await ok(t, 'publishGeneration', { id: generation }, user);
  });

  it.each([
    ['generate', 'generateFrameworks', () => generate(), /^No puede generar el proyecto/],
    ['download', 'downloadFramework', () => ({ id: generation }), /^No puede descargar/],
    ['publish', 'publishGeneration', () => ({ id: generation }), /^No puede publicar/],
  ] as const)(
    "is refused %s where the share's flags for the environment deny it",
    async (right, operation, parameter, why) => {
      await share(flags({ [right]: false }));
      const text = await refused(t, operation, parameter(), user);
      expect(text).toMatch(why);
      expect(text).toMatch(/su acceso compartido no lo permite en ese entorno/);
      const context = await ok(t, 'frameworksContext', { projectid: numero }, user);
      const here = context.environments.find((e: { id: number }) => e.id === environment);
      expect(here[right]).toBe(false);
    },
  );

  it.each([
    ['generate', 'generateFrameworks', () => generate()],
    ['download', 'downloadFramework', () => ({ id: generation })],
    ['publish', 'publishGeneration', () => ({ id: generation })],
    ['delete', 'deleteGeneration', () => ({ id: generation })],
  ] as const)(
    "is refused %s where the environment's access tree denies it",
    async (node, operation, parameter) => {
      await saveMenuTree(menuWithout(node));
      // The operation's gate (the caller's tree) or the environment's layer answers first.
      const { body } = await t.call(operation, parameter(), user);
      expect(body.error.code).not.toBe('0');
      expect(body.error.description).toMatch(/árbol de accesos no le permite/);
      const context = await ok(t, 'frameworksContext', { projectid: numero }, user);
      const here = context.environments.find((e: { id: number }) => e.id === environment);
      expect(here[node]).toBe(false);
    },
  );

  it('is refused deleting another user’s generation without download', async () => {
    await share(flags({ download: false }));
    expect(await refused(t, 'deleteGeneration', { id: generation }, user)).toMatch(
      /^No puede descargar/,
    );
  });

  it('is refused by the company administrator’s own rights: an administrator is never', async () => {
    await saveMenuTree(menuWithout('generate'));
    const context = await ok(t, 'frameworksContext', { projectid: numero }, admin);
    expect(context.environments.every((e: { generate: boolean }) => e.generate)).toBe(true);
  });
});

describe('a generation left running by a stopped node', () => {
  it('is marked failed with the reason once it has not moved for the stale minutes', async () => {
    const db = engineDb(t.database.db);
    const inserted = async (minutes: number) =>
      (
        await db
          .insertInto('core.framework_generations')
          .values({
            company_id: await demoCompany(t.database.db),
            project: numero,
            environment,
            appname: 'Parada',
            plat: 1,
            state: 'running',
            progress: 40,
            login: 'admin',
            updated_at: sql`now() - make_interval(mins => ${minutes})`,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number;
    const stopped = await inserted(GENERATION_STALE_MINUTES + 1);
    const moving = await inserted(1);
    const rows = await ok<{ id: number; state: string; detail: string }[]>(
      t,
      'generatedFrameworks',
      { projectid: numero },
      admin,
    );
    expect(rows.find((r) => r.id === stopped)).toMatchObject({
      state: 'failed',
      detail: expect.stringMatching(/^Falló la generación: el servidor que la generaba se detuvo/),
    });
    expect(rows.find((r) => r.id === moving)?.state).toBe('running');
    await ok(t, 'deleteGeneration', { id: stopped }, admin);
    expect(await refused(t, 'deleteGeneration', { id: moving }, admin)).toMatch(
      /aún se está generando/,
    );
  });
});
