import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { redisAnswers } from '../../server/bus/redis-bus';
import { connect, type Db } from '../../server/db/database';
import { buildTestApp, type TestApp } from '../support/app';
import { until } from '../support/command-agent';

// A custom entity and a custom field saved on one node are served by another node sharing the
// database and the Redis bus, without a restart (docs/resources.md, "Custom entities").

const REDIS_URL = 'redis://127.0.0.1:6379';
const haveRedis = await redisAnswers(REDIS_URL);
const label = (es: string, en: string) => ({ es, en });

describe.skipIf(!haveRedis)('custom definitions on every node', () => {
  let t: TestApp;
  let nodeB: FastifyInstance;
  let dbB: Db;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp({ REDIS_URL, REDIS_PREFIX: `flota-custom-${crypto.randomUUID()}:` });
    dbB = connect(t.database.url, 3);
    nodeB = await buildApp({ config: { ...t.config }, db: dbB, sandbox: t.database.sandbox });
    admin = await t.tokenFor('admin');
  });
  afterAll(async () => {
    await nodeB?.close();
    await dbB?.destroy();
    await t?.close();
  });

  const onB = async (operation: string, parameter: unknown) =>
    (
      await nodeB.inject({
        method: 'POST',
        url: '/api/services',
        headers: { authorization: `Bearer ${admin}` },
        payload: { operation, parameter },
      })
    ).json();

  it('serves on node B what node A saved, at once', async () => {
    // Node B reads the company's (empty) catalogue first, so it has something to forget.
    expect((await onB('customDefinitions', {})).result.entities).toEqual([]);
    const created = await t.call(
      'createCustomEntity',
      {
        name: 'rooms',
        title: { one: label('Sala', 'Room'), many: label('Salas', 'Rooms') },
        fields: [{ name: 'room', type: 'text', label: label('Sala', 'Room'), required: true }],
      },
      admin,
    );
    expect(created.body.error.code).toBe('0');
    await t.call(
      'createCustomField',
      { resource: 'managed-apps', name: 'floor', type: 'integer', label: label('Planta', 'Floor') },
      admin,
    );
    await until(
      async () => (await onB('customDefinitions', {})).result.entities.length === 1,
      5_000,
    );
    const room = await onB('customRecordsCreate', { entity: 'rooms', room: 'Azul' });
    expect(room.result).toMatchObject({ room: 'Azul', version: 1 });
    const app = await onB('managedAppsCreate', {
      packageName: 'com.nodes.app',
      label: 'Nodos',
      floor: 3,
    });
    expect(app.result).toMatchObject({ floor: 3 });
  });
});
