import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEVICE_API } from '../../protocol/device-protocol';
import { ErrorCode, errorResponse, okResponse } from '../../protocol/envelope';
import { BusChannel, type Bus, type DevicesDeletedEvent } from '../bus/index';
import { answerAndClose } from '../body-timeout';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { projectDb } from '../db/project-schema';
import type { DeviceDirectory } from '../device/directory';
import { authenticatedDevice, DeviceRefusal, sendRefusal } from '../device/refusal';
import { fileStore, SourceClosedError } from '../files/index';
import { imageType } from './image';
import {
  deleteFilesOfMids,
  deviceFiles,
  isHelpdeskKind,
  safeFileName,
  storeUpload,
  type HelpdeskKind,
} from './store';
import { helpdeskText, type HelpdeskTextKey } from './texts';

export interface HelpdeskUploadDeps {
  config: Config;
  db: Db;
  directory: DeviceDirectory;
  bus: Bus;
}

/** The answer to an upload: what the device may tell its user, and what the console will list. */
export interface HelpdeskUploadResponse {
  name: string;
  size: number;
  kind: HelpdeskKind;
}

class UploadRefusal extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly code: string = ErrorCode.invalid,
  ) {
    super(text);
  }
}

function refusal(
  request: FastifyRequest,
  status: number,
  key: HelpdeskTextKey,
  vars: Record<string, string | number> = {},
) {
  const code = status === 413 ? ErrorCode.tooLarge : ErrorCode.invalid;
  return new UploadRefusal(
    status,
    helpdeskText(request.headers['accept-language'], key, vars),
    code,
  );
}

/** @fastify/multipart's own refusals, by code, as the protocol's answers. */
function multipartRefusal(request: FastifyRequest, error: unknown, maxMb: number) {
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return refusal(request, 413, 'tooLarge', { mb: maxMb });
    case 'FST_FILES_LIMIT':
      return refusal(request, 400, 'oneFile');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return refusal(request, 415, 'notMultipart');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MULTIPART_MISSING_BOUNDARY':
      return refusal(request, 400, 'notMultipart');
    default:
      return null;
  }
}

/**
 * `POST /api/device/v1/files`: a device uploads one help-desk file (multipart, field `kind`,
 * one file) with its credential, as on check-in (docs/device-protocol.md, Help-desk files).
 * Also removes the files of devices deleted in the console.
 */
export async function registerHelpdeskUpload(
  app: FastifyInstance,
  { config, db, directory, bus }: HelpdeskUploadDeps,
): Promise<void> {
  const maxMb = config.HELPDESK_MAX_UPLOAD_MB;

  async function upload(request: FastifyRequest): Promise<HelpdeskUploadResponse> {
    const home = await authenticatedDevice(directory, request);
    const device = await projectDb(db, home.schema)
      .selectFrom('devices')
      .select('ID')
      .where('MID', '=', home.mid)
      .executeTakeFirst();
    if (!device) throw new DeviceRefusal(410, 'deviceGone');
    if (!request.isMultipart()) throw refusal(request, 415, 'notMultipart');
    // Without a usable boundary the parser fails, or waits for a delimiter that never comes.
    if (!multipartBoundary(request.headers['content-type'])) {
      throw refusal(request, 400, 'badBoundary');
    }

    const files = deviceFiles(fileStore(config, db), home.schema, home.mid);
    const fields: Record<string, string> = {};
    let stored: HelpdeskUploadResponse | null = null;
    // A body cut off inside the file (the device went away, or stalled and was answered 408)
    // fails the file's stream, so what was written of it is removed (storeUpload).
    let receiving: Readable | null = null;
    const onClose = () => {
      if (!request.raw.complete) receiving?.destroy(new Error('request body cut off'));
    };
    request.raw.once('close', onClose);
    try {
      stored = await readParts();
    } finally {
      request.raw.removeListener('close', onClose);
      request.bodyRead();
    }
    async function readParts(): Promise<HelpdeskUploadResponse | null> {
      // Closed already (answered 408 or 503 while the device was looked up): the parser would
      // wait for ever for a body that cannot come.
      if (request.raw.destroyed) throw refusal(request, 400, 'incomplete');
      let file: HelpdeskUploadResponse | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          fields[part.fieldname] = String(part.value);
          continue;
        }
        // The kind must come before the file, so the file can be streamed straight to the store.
        const kind = fields.kind;
        if (!isHelpdeskKind(kind)) {
          part.file.resume();
          throw refusal(request, 400, 'badKind', { kind: String(kind ?? '') });
        }
        const name = safeFileName(part.filename, kind);
        receiving = part.file;
        let streamError: unknown = null;
        part.file.once('error', (error) => (streamError = error));
        const saved = await storeUpload(files, kind, name, part.file, async ({ head }) => {
          // Past the limit the stream just ends early: a cut file must never be kept.
          if (part.file.truncated) throw refusal(request, 413, 'tooLarge', { mb: maxMb });
          if (kind === 'screenshots' && !imageType(head)) {
            throw refusal(request, 400, 'notImage');
          }
        }).catch((error: unknown) => {
          // The body ended inside the file: the parser closed or failed the file's stream.
          const cutOff =
            error === streamError ||
            error instanceof SourceClosedError ||
            (error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE';
          throw cutOff ? refusal(request, 400, 'incomplete') : error;
        });
        receiving = null;
        file = { name: saved.name, size: saved.size, kind };
      }
      return file;
    }
    if (!stored) {
      if (fields.kind !== undefined && !isHelpdeskKind(fields.kind)) {
        throw refusal(request, 400, 'badKind', { kind: fields.kind });
      }
      throw refusal(request, 400, 'noFile');
    }
    request.log.debug({ mid: home.mid, ...stored }, 'help-desk file stored');
    return stored;
  }

  await app.register(async (scope) => {
    // Registered in its own scope: only this route parses multipart bodies.
    await scope.register(multipart, {
      limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 4, fieldSize: 1024, parts: 5 },
    });
    // Uploads still arriving when the server stops are answered 503 and closed at once: the
    // shutdown waits for no device's bytes, only for what they wrote to be removed.
    const inFlight = new Map<FastifyReply, Promise<unknown>>();
    scope.addHook('preClose', async () => {
      for (const reply of inFlight.keys()) {
        const stopping = refusal(reply.request, 503, 'stopping');
        answerAndClose(reply, stopping.status, errorResponse(stopping.code, stopping.text));
      }
      // Stopped only once what they wrote is removed (a temporary file, or unnamed rows).
      await Promise.allSettled(inFlight.values());
    });
    async function answer(request: FastifyRequest, reply: FastifyReply) {
      try {
        return okResponse(await upload(request));
      } catch (error) {
        // Already answered (408, the body stalled; 503, the server stops) or nobody to answer.
        if (reply.sent || request.raw.socket?.destroyed) return reply;
        if (error instanceof DeviceRefusal) return sendRefusal(request, reply, error);
        const known =
          error instanceof UploadRefusal ? error : multipartRefusal(request, error, maxMb);
        if (!known) throw error;
        return reply.code(known.status).send(errorResponse(known.code, known.text));
      }
    }
    scope.post(`${DEVICE_API}/files`, (request: FastifyRequest, reply: FastifyReply) => {
      const answered = answer(request, reply).finally(() => inFlight.delete(reply));
      inFlight.set(reply, answered);
      return answered;
    });
  });

  // A deleted device's files go with it. At-most-once: a missed message leaves a folder no
  // listing reaches (the operations list only devices that exist) until the MID enrols again.
  await bus.subscribe<DevicesDeletedEvent>(BusChannel.deleted, ({ mids }) => {
    deleteFilesOfMids(fileStore(config, db), db, mids).catch((error: unknown) =>
      app.log.warn({ err: error }, 'help-desk files of deleted devices not removed'),
    );
  });
}

/** RFC 2046 §5.1.1: 1 to 70 of these characters, the last not a space. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/** The boundary of a multipart Content-Type, or null when it is missing or not a valid one. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return BOUNDARY.test(boundary) ? boundary : null;
}
