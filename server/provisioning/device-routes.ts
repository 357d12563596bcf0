import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { DEVICE_API } from '../../protocol/device-protocol';
import { ErrorCode, errorResponse, okResponse } from '../../protocol/envelope';
import {
  TaskStatus,
  provisionConfirmSchema,
  provisionDownloadSchema,
  type DeviceProvision,
  type DeviceProvisionsResponse,
  type ProvisionConfirmResponse,
} from '../../protocol/provisioning';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { projectDb } from '../db/project-schema';
import type { SqlSandbox } from '../db/sandbox';
import { DeviceDirectory } from '../device/directory';
import { authenticatedDevice, parseBody, refusing } from '../device/refusal';
import { fileStore } from '../files/index';
import { languageOf } from '../messages';
import { buildCopy } from './build';
import { confirmTask } from './confirm';
import { writeLog } from './store';
import { provisionText } from './texts';

export interface ProvisioningDeps {
  config: Config;
  db: Db;
  sandbox: SqlSandbox;
}

type Key = Parameters<typeof provisionText>[1];

/** A device's open tasks, oldest first, as the check-in and `GET /provision` tell them. */
export async function openProvisions(
  db: Db,
  schema: string,
  mid: string,
): Promise<DeviceProvision[]> {
  const rows = await projectDb(db, schema)
    .selectFrom('provision_tasks')
    .select(['ID', 'KIND'])
    .where('MID', '=', mid)
    .where('STATUS', 'in', [TaskStatus.waiting, TaskStatus.running])
    .orderBy('ID')
    .execute();
  return rows.map((row) => ({ id: row.ID, kind: row.KIND, secure: row.KIND === 'databaseSafe' }));
}

/**
 * The device side of provisioning (docs/device-protocol.md "Provisioning"): `GET /provision`,
 * `POST /provision/download` (builds the copy at the first download) and
 * `POST /provision/confirm`, with the device credential.
 */
export function registerProvisioning(
  app: FastifyInstance,
  { config, db, sandbox }: ProvisioningDeps,
) {
  const directory = new DeviceDirectory(db);
  const store = fileStore(config, db);

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    key: Key,
    vars: Record<string, string | number>,
  ) =>
    reply
      .code(status)
      .send(
        errorResponse(
          ErrorCode.invalid,
          provisionText(languageOf(request.headers['accept-language']), key, vars),
        ),
      );

  const authenticated = (request: FastifyRequest) => authenticatedDevice(directory, request);

  app.get(
    `${DEVICE_API}/provision`,
    refusing(async (request) => {
      const home = await authenticated(request);
      const provisions = await openProvisions(db, home.schema, home.mid);
      return okResponse({ provisions } satisfies DeviceProvisionsResponse);
    }),
  );

  app.post(
    `${DEVICE_API}/provision/download`,
    refusing(async (request, reply) => {
      const home = await authenticated(request);
      const { id } = parseBody(provisionDownloadSchema, request);
      const pdb = projectDb(db, home.schema);
      const task = await pdb
        .selectFrom('provision_tasks')
        .select(['ID', 'KIND', 'FILEKEY', 'STATUS'])
        .where('ID', '=', id)
        .where('MID', '=', home.mid)
        .where('STATUS', 'in', [TaskStatus.waiting, TaskStatus.running])
        .executeTakeFirst();
      if (!task) return refuse(request, reply, 404, 'noSuchTask', { id });
      if (task.KIND !== 'database' && task.KIND !== 'databaseSafe') {
        return refuse(request, reply, 400, 'notADatabase', { id, kind: task.KIND });
      }
      let key = task.FILEKEY;
      if (!key) {
        // Running: the device list shows the device generating its database (STATUS 1).
        await db.transaction().execute(async (trx) => {
          const tdb = projectDb(trx, home.schema);
          await tdb
            .updateTable('provision_tasks')
            .set({ STATUS: TaskStatus.running, STARTED: sql`coalesce("STARTED", now())` })
            .where('ID', '=', id)
            .execute();
          await tdb.updateTable('devices').set({ STATUS: 1 }).where('MID', '=', home.mid).execute();
        });
        try {
          const project = { numero: home.numero, schema: home.schema };
          const built = await buildCopy(
            sandbox,
            store,
            project,
            home.mid,
            id,
            task.KIND === 'databaseSafe',
          );
          key = built.key;
          await pdb
            .updateTable('provision_tasks')
            .set({ FILEKEY: built.key, CUT: built.cut, ROWS: built.rows })
            .where('ID', '=', id)
            .execute();
          await writeLog(db, home.schema, [
            {
              task: id,
              line: 'built',
              vars: { rows: built.rows, tables: built.tables, cut: built.cut },
            },
          ]);
        } catch (error) {
          request.log.error({ err: error, task: id }, 'provision build failed');
          const detail = (error as Error).message ?? String(error);
          await writeLog(db, home.schema, [
            { task: id, line: 'buildFailed', vars: { error: detail }, type: 'error' },
          ]);
          return refuse(request, reply, 500, 'buildFailed', { id, detail });
        }
      }
      const opened = await store.get(key);
      if (!opened) return refuse(request, reply, 404, 'fileMissing', { id });
      await writeLog(db, home.schema, [
        { task: id, line: 'downloaded', vars: { bytes: opened.size } },
      ]);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-length', opened.size)
        .header('content-disposition', `attachment; filename="provision-${id}.ndjson.gz"`)
        .header('cache-control', 'no-store')
        .send(opened.stream);
    }),
  );

  app.post(
    `${DEVICE_API}/provision/confirm`,
    refusing(async (request) => {
      const home = await authenticated(request);
      const body = parseBody(provisionConfirmSchema, request);
      const error = body.ok
        ? undefined
        : (body.error ?? provisionText('es', 'failedWithoutText', {}));
      const recorded = await confirmTask(db, sandbox, home, { ...body, error });
      return okResponse({ recorded } satisfies ProvisionConfirmResponse);
    }),
  );
}
