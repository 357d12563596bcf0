import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  DEVICE_API,
  updateConfirmRequestSchema,
  updateDownloadSchema,
  updateConfirmSchema,
  type DeviceUpdatesResponse,
  type UpdateConfirm,
  type UpdateConfirmResponse,
} from '../../protocol/device-protocol';
import { ErrorCode, errorResponse, okResponse } from '../../protocol/envelope';
import type { Bus, DeviceReport } from '../bus/index';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { projectSchemaName } from '../db/projects';
import type { DeviceDirectory } from '../device/directory';
import type { DeviceHub } from '../device/hub';
import { authenticatedDevice, DeviceRefusal, parseBody, sendRefusal } from '../device/refusal';
import { fileStore } from '../files/index';
import { listenForAnnouncements } from './device-announce';
import { ConfirmWriter } from './device-confirm';
import { updateFileKey } from './store';
import { PendingUpdates } from './device-pending';
import { deviceUpdateText, type DeviceUpdateTextKey } from './device-texts';

export interface DeviceUpdatesDeps {
  config: Config;
  db: Db;
  directory: DeviceDirectory;
  hub: DeviceHub;
  bus: Bus;
}

interface FileOfDevice {
  TEMPDIRECTORY: string;
  TYPE: string;
  NAME: string | null;
  UPLOADED: boolean;
  DOWNLOADED: Date | null;
  UPDATE_ID: number;
}

/** A file name safe in a Content-Disposition header; the full name in its UTF-8 form. */
function disposition(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The device side of updates (docs/device-protocol.md, "Updates"): `GET /updates`,
 * `POST /updates/download` and `POST /updates/confirm` with the device credential, the
 * `updateConfirm` WebSocket message, and announcements. Answers what the check-in needs.
 */
export async function registerDeviceUpdates(
  app: FastifyInstance,
  { config, db, directory, hub, bus }: DeviceUpdatesDeps,
): Promise<{ pending: PendingUpdates }> {
  const pending = new PendingUpdates(db);
  const confirms = new ConfirmWriter(db);
  const store = fileStore(config, db);

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    key: DeviceUpdateTextKey,
    vars: Record<string, string | number>,
  ) =>
    reply
      .code(status)
      .send(
        errorResponse(
          ErrorCode.invalid,
          deviceUpdateText(request.headers['accept-language'], key, vars),
        ),
      );

  const authenticated = (request: FastifyRequest) => authenticatedDevice(directory, request);

  const failureText = (outcome: UpdateConfirm, language: string | undefined): UpdateConfirm =>
    outcome.ok || outcome.error
      ? outcome
      : { ...outcome, error: deviceUpdateText(language, 'failedWithoutText') };

  app.get(`${DEVICE_API}/updates`, async (request, reply) => {
    try {
      const home = await authenticated(request);
      const updates = await pending.forDevice(home.schema, home.mid);
      return okResponse({ updates } satisfies DeviceUpdatesResponse);
    } catch (error) {
      if (error instanceof DeviceRefusal) return sendRefusal(request, reply, error);
      throw error;
    }
  });

  app.post(`${DEVICE_API}/updates/download`, async (request, reply) => {
    try {
      const home = await authenticated(request);
      const { version, numero } = parseBody(updateDownloadSchema, request);
      const t = (table: string) => sql.id(home.schema, table);
      // Only an update this device has a row for: the row is its right to the files.
      const { rows } = await sql<FileOfDevice>`
        SELECT u."TEMPDIRECTORY", f."TYPE", f."NAME", f."UPLOADED", d."DOWNLOADED", d."UPDATE_ID"
        FROM ${t('device_updates')} AS d
        JOIN ${t('updates')} AS u ON u."ID" = d."UPDATE_ID"
        JOIN ${t('update_files')} AS f ON f."UPDATE_ID" = u."ID" AND f."NUMERO" = ${numero}
        WHERE d."MID" = ${home.mid} AND u."VERSION" = ${version}
      `.execute(db);
      const file = rows[0];
      const vars = { version, numero, type: file?.TYPE ?? '' };
      if (!file) return refuse(request, reply, 404, 'noSuchFile', vars);
      if (file.TYPE !== 'copy' && file.TYPE !== 'sql') {
        return refuse(request, reply, 400, 'noBytes', vars);
      }
      const opened = file.UPLOADED
        ? await store.get(updateFileKey(home.schema, file.TEMPDIRECTORY, numero))
        : null;
      if (!opened) return refuse(request, reply, 404, 'fileMissing', vars);
      if (!file.DOWNLOADED) {
        await sql`
          UPDATE ${t('device_updates')} SET "DOWNLOADED" = now()
          WHERE "UPDATE_ID" = ${file.UPDATE_ID} AND "MID" = ${home.mid} AND "DOWNLOADED" IS NULL
        `.execute(db);
      }
      return reply
        .header('content-type', 'application/octet-stream')
        .header('content-length', opened.size)
        .header('content-disposition', disposition(file.NAME ?? `${numero}`))
        .header('cache-control', 'no-store')
        .send(opened.stream);
    } catch (error) {
      if (error instanceof DeviceRefusal) return sendRefusal(request, reply, error);
      throw error;
    }
  });

  app.post(`${DEVICE_API}/updates/confirm`, async (request, reply) => {
    try {
      const home = await authenticated(request);
      const body = parseBody(updateConfirmRequestSchema, request);
      const language = request.headers['accept-language'];
      const outcomes = 'confirms' in body ? body.confirms : [body];
      const results = await Promise.all(
        outcomes.map((outcome) =>
          confirms.confirm(home.schema, home.mid, failureText(outcome, language)),
        ),
      );
      const recorded = outcomes.filter((_, i) => results[i]).map((outcome) => outcome.version);
      return okResponse({ recorded } satisfies UpdateConfirmResponse);
    } catch (error) {
      if (error instanceof DeviceRefusal) return sendRefusal(request, reply, error);
      throw error;
    }
  });

  // The same outcome over the device's WebSocket: no credential check per message (the socket
  // is authenticated), answered with `updateRecorded` once stored.
  const stopReports = hub.onReport((report: DeviceReport) => {
    if (report.message.type !== 'updateConfirm') return;
    const parsed = updateConfirmSchema.safeParse(report.message);
    if (!parsed.success) return;
    const outcome = failureText(parsed.data, undefined);
    confirms
      .confirm(projectSchemaName(report.numero), report.mid, outcome)
      .then(() => hub.sendHere(report.mid, { type: 'updateRecorded', version: outcome.version }))
      .catch((error: unknown) => app.log.error({ err: error }, 'update confirm failed'));
  });
  const stopAnnouncements = await listenForAnnouncements(db, bus, hub, app.log);
  app.addHook('onClose', async () => {
    stopReports();
    await stopAnnouncements();
  });
  return { pending };
}
