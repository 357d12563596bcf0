import type { FastifyInstance } from 'fastify';
import { CompiledQuery } from 'kysely';
import { z } from 'zod';
import { DEVICE_API } from '../../protocol/device-protocol';
import { ErrorCode, errorResponse, okResponse } from '../../protocol/envelope';
import { replicaRequestSchema, type ReplicaResponse } from '../../protocol/replication';
import type { Db } from '../db/database';
import type { SqlSandbox } from '../db/sandbox';
import { DeviceDirectory } from '../device/directory';
import { authenticatedDevice, DeviceRefusal, parseBody, sendRefusal } from '../device/refusal';
import { ReplicationEngine } from './engine';
import { SyncRefusal, syncDevice } from './sync';
import { TableCache } from './tables';
import { replicationText } from './texts';

/**
 * The request's schema compiled by zod (z.compile: a generated fast path, and an input it does
 * not accept goes through the schema itself, so the same answers and the same refusals). A call
 * carries up to 500 operations: checking them was the largest cost of a call in this process.
 */
const replicaRequest = z.compile(replicaRequestSchema);

declare module 'fastify' {
  interface FastifyInstance {
    /** Applies the projects' replication queues (server/replication/engine.ts). */
    replication: ReplicationEngine;
  }
}

export interface ReplicationDeps {
  db: Db;
  sandbox: SqlSandbox;
}

/**
 * `POST /api/device/v1/replica` (docs/device-protocol.md, "Replicate"): a device acknowledges,
 * sends its operations and fetches the next ones in one call; and the engine that applies them.
 */
export function registerReplication(app: FastifyInstance, { db, sandbox }: ReplicationDeps): void {
  const engine = new ReplicationEngine(db, sandbox, app.log);
  const directory = new DeviceDirectory(db);
  const tables = new TableCache(
    async (text, values) =>
      (await db.executeQuery(CompiledQuery.raw(text, values))).rows as never[],
  );
  app.decorate('replication', engine);
  engine.start();
  app.addHook('onClose', () => engine.close());

  app.post(`${DEVICE_API}/replica`, async (request, reply) => {
    try {
      const home = await authenticatedDevice(directory, request);
      const body = parseBody(replicaRequest, request);
      // The project's FETCH_MAX caps what one call hands down, whatever limit the device asks.
      const settings = await engine.settings.get(home.schema);
      const limit = Math.min(body.limit ?? settings.fetchMax, settings.fetchMax);
      const { response, queued } = await syncDevice(db, home, { ...body, limit }, () =>
        tables.get(home.schema),
      );
      if (queued > 0) engine.wake({ numero: home.numero, schema: home.schema });
      const forDevice = { dateOrder: settings.dateOrder, dbEngine: settings.dbEngine };
      return okResponse({ ...response, settings: forDevice } satisfies ReplicaResponse);
    } catch (error) {
      if (error instanceof DeviceRefusal) return sendRefusal(request, reply, error);
      if (error instanceof SyncRefusal) {
        if (error.key === 'deviceGone') {
          return sendRefusal(request, reply, new DeviceRefusal(410, 'deviceGone'));
        }
        const text = replicationText(request.headers['accept-language'], error.key, error.vars);
        return reply.code(400).send(errorResponse(ErrorCode.invalid, text));
      }
      throw error;
    }
  });
}
