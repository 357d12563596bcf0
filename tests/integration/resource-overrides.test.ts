import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { redisAnswers } from '../../server/bus/redis-bus';
import { connect, type Db } from '../../server/db/database';
import { buildTestApp, type TestApp } from '../support/app';
import { until } from '../support/command-agent';
import { demoProject, type TestProject } from '../support/devices';
import { setLanguage } from '../support/language';

// Overrides saved from the console (docs/resources.md, "Changing a resource live"): checked,
// versioned per scope, reverted, and in force on a second node sharing the database and the
// Redis bus without a restart.

const REDIS_URL = 'redis://127.0.0.1:6379';
const label = (es: string, en: string) => ({ es, en });

const haveRedis = await redisAnswers(REDIS_URL);

describe.skipIf(!haveRedis)('resource overrides saved live', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let dbB: Db;
  let admin: string;
  let superadmin: string;
  let usuario: string;
  let demo: TestProject;

  beforeAll(async () => {
    t = await buildTestApp({
      REDIS_URL,
      REDIS_PREFIX: `flota-overrides-${crypto.randomUUID()}:`,
    });
    dbB = connect(t.database.url, 3);
    // Its own configuration object, so node B keeps its own cache as a separate process would.
    nodeB = await buildApp({ config: { ...t.config }, db: dbB, sandbox: t.database.sandbox });
    [admin, superadmin, usuario] = await Promise.all(
      ['admin', 'superadmin', 'usuario'].map((login) => t.tokenFor(login)),
    );
    demo = await demoProject(t.database.db);
  });
  afterAll(async () => {
    await nodeB?.close();
    await dbB?.destroy();
    await t?.close();
  });

  const onB = async (operation: string, parameter: unknown, token: string) => {
    const response = await nodeB.inject({
      method: 'POST',
      url: '/api/services',
      headers: { authorization: `Bearer ${token}` },
      payload: { operation, parameter },
    });
    return response.json();
  };
  const schemaOnB = async () =>
    (await onB('resourceSchema', { resource: 'devicelist', database: demo.numero }, admin))
      .result as { fields: { source: string; label: { es: string } | null }[] };
  const scope = { resource: 'devicelist', scope: 'company' } as const;

  it('saves a company override that the other node serves within a moment', async () => {
    expect((await schemaOnB()).fields.some((f) => f.source === 'IMEI')).toBe(true);
    const saved = await t.call(
      'saveResourceOverride',
      {
        ...scope,
        override: { hide: ['IMEI'], fields: { OWNER: { label: label('Titular', 'Holder') } } },
      },
      admin,
    );
    expect(saved.body.error.code).toBe('0');
    expect(saved.body.result).toEqual({ version: 1 });
    await until(async () => !(await schemaOnB()).fields.some((f) => f.source === 'IMEI'), 5_000);
    const owner = (await schemaOnB()).fields.find((f) => f.source === 'OWNER');
    expect(owner?.label?.es).toBe('Titular');
    const logged = await t.database.db
      .selectFrom('core.actions_log')
      .select('detail')
      .where('action', '=', 'resource_customised')
      .execute();
    expect(logged.map((row) => row.detail)).toContainEqual(
      expect.objectContaining({ resource: 'devicelist', scope: 'company', version: 1 }),
    );
  });

  it('refuses an invalid override with every problem in the caller language, storing nothing', async () => {
    const before = await t.database.db
      .selectFrom('core.resource_overrides')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await t.call(
      'saveResourceOverride',
      { ...scope, override: { hide: ['NOPE'], fields: { OWNER: { type: 'int' } }, extra: 1 } },
      admin,
    );
    expect(refused.body.error.code).not.toBe('0');
    const text: string = refused.body.error.description;
    expect(text).toMatch(/^La personalización de Dispositivos no es válida:/);
    expect(text).toMatch(/no se admite extra/);
    expect(text).toMatch(/fields\.OWNER: no se admite type/);
    await setLanguage(t.database.db, 'admin', 'en');
    const english = await t.call(
      'saveResourceOverride',
      { ...scope, override: { hide: ['NOPE'] } },
      admin,
    );
    expect(english.body.error.description).toMatch(
      /^The customisation of Devices is not valid:\n• hide\.0: unknown field "NOPE"/,
    );
    await setLanguage(t.database.db, 'admin', 'es');
    const after = await t.database.db
      .selectFrom('core.resource_overrides')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('keeps the history and reverts to the declared list, on both nodes', async () => {
    expect(
      (await t.call('saveResourceOverride', { ...scope, override: null }, admin)).body.result,
    ).toEqual({ version: 2 });
    await until(async () => (await schemaOnB()).fields.some((f) => f.source === 'IMEI'), 5_000);
    const reverted = await t.call('revertResourceOverride', { ...scope, version: 1 }, admin);
    expect(reverted.body.result).toEqual({ version: 3 });
    await until(async () => !(await schemaOnB()).fields.some((f) => f.source === 'IMEI'), 5_000);
    const history = await t.call('resourceOverrideHistory', { ...scope, length: 2 }, admin);
    expect(history.body.result.total).toBe(3);
    expect(history.body.result.data).toEqual([
      expect.objectContaining({ version: 3, revertedFrom: 1, removed: false, login: 'admin' }),
      expect.objectContaining({ version: 2, removed: true }),
    ]);
    const current = await t.call('resourceOverride', scope, admin);
    expect(current.body.result).toMatchObject({ version: 3, override: { hide: ['IMEI'] } });
    const missing = await t.call('revertResourceOverride', { ...scope, version: 99 }, admin);
    expect(missing.body.error.description).toBe(
      'La versión 99 de la personalización de Dispositivos no existe.',
    );
  });

  it('layers every company defaults, the company and the project, each by its own people', async () => {
    const defaults = { resource: 'devicelist', scope: 'default' } as const;
    const refused = await t.call('saveResourceOverride', { ...defaults, override: {} }, admin);
    expect(refused.body.error.description).toBe(
      'Solo el administrador general cambia los valores de todas las empresas.',
    );
    const plain = await t.call('resourceOverrides', {}, usuario);
    expect(plain.body.error.code).not.toBe('0');
    await t.call('saveResourceOverride', { ...defaults, override: { hide: ['PIN2'] } }, superadmin);
    const project = { resource: 'devicelist', scope: 'project', database: demo.numero } as const;
    await t.call('saveResourceOverride', { ...project, override: { order: ['EMAIL'] } }, admin);
    await until(async () => (await schemaOnB()).fields[0].source === 'EMAIL', 5_000);
    const { fields } = await schemaOnB();
    expect(fields.some((f) => f.source === 'PIN2')).toBe(false);
    expect(fields.some((f) => f.source === 'IMEI')).toBe(false);
    const below = await t.call('resourceOverride', project, admin);
    expect(below.body.result.below).toMatchObject({ hide: ['PIN2', 'IMEI'] });
    const list = await t.call('resourceOverrides', { database: demo.numero }, admin);
    const devicelist = list.body.result.find(
      (r: { resource: string }) => r.resource === 'devicelist',
    );
    expect(devicelist.versions.company.version).toBe(3);
    expect(devicelist.versions.project.version).toBe(1);
    expect(devicelist.versions.default.version).toBe(1);
    // A company administrator lists their own company (/app/xoneadmin's picker), so its list
    // is theirs to customise for their company too.
    expect(list.body.result.map((r: { resource: string }) => r.resource)).toContain('companies');
    const companyResource = await t.call(
      'saveResourceOverride',
      { resource: 'environments', scope: 'project', database: demo.numero, override: {} },
      admin,
    );
    expect(companyResource.body.error.description).toMatch(/no se personaliza por proyecto/);
  });

  it('gives every user the overrides of their company lists', async () => {
    await t.call(
      'saveResourceOverride',
      {
        resource: 'notifications',
        scope: 'company',
        override: { fields: { title: { label: label('Asunto', 'Subject') } } },
      },
      admin,
    );
    const effective = await onB('effectiveOverrides', {}, usuario);
    expect(effective.result.notifications.fields.title.label).toEqual(label('Asunto', 'Subject'));
    expect(effective.result.actions).toEqual({ hide: [], order: [], fields: {}, add: [] });
  });
});
