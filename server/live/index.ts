import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { z } from 'zod';
import { ErrorCode, errorResponse } from '../../protocol/envelope';
import {
  BEARER_SUBPROTOCOL_PREFIX,
  LIVE_PATH,
  TOKEN_EXPIRED_CLOSE,
  deviceLiveMessageSchema,
  viewerMessageSchema,
  type LiveDevice,
  type LiveServerMessage,
} from '../../protocol/live';
import { AuthError, loadSessionUser, type SessionUser, type TokenVerifier } from '../auth';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { projectDb } from '../db/project-schema';
import type { SqlSandbox } from '../db/sandbox';
import { DeviceDirectory, type DeviceHome } from '../device/directory';
import { DeviceRefusal, describeIssues } from '../device/refusal';
import { parseDeviceAuthorization } from '../device/secrets';
import { deviceText } from '../device/texts';
import { languageOf } from '../messages';
import { requireProject } from '../services/projects/access';
import { ServiceError } from '../services/registry';
import { LiveHub, type ViewerSession } from './hub';
import { liveText } from './texts';

export interface LiveDeps {
  config: Config;
  db: Db;
  sandbox: SqlSandbox;
  verifyToken: TokenVerifier;
}

/** Sessions one viewer socket may hold (a grid needs one per project). */
const MAX_SESSIONS = 8;
/** Seconds between pings; a socket that missed the last one is cut. */
const HEARTBEAT_SECONDS = 30;

type Caller =
  | { kind: 'user'; user: SessionUser; expiresAt: number | null }
  | { kind: 'device'; home: DeviceHome };

/** The bearer token from the Authorization header, or offered as a subprotocol by a browser. */
function bearerOf(request: FastifyRequest): string | null {
  const header = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
  if (header) return header;
  const offered = String(request.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((part) => part.trim())
    .find((part) => part.startsWith(BEARER_SUBPROTOCOL_PREFIX));
  return offered ? offered.slice(BEARER_SUBPROTOCOL_PREFIX.length) : null;
}

function parse<S extends z.ZodType>(schema: S, data: RawData, isBinary: boolean) {
  if (isBinary) return 'text frames only';
  let value: unknown;
  try {
    value = JSON.parse(data.toString());
  } catch {
    return 'not JSON';
  }
  const parsed = schema.safeParse(value);
  return parsed.success ? (parsed.data as z.infer<S>) : describeIssues(parsed.error);
}

function send(socket: WebSocket, message: LiveServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function sendError(socket: WebSocket, code: string, description: string): void {
  send(socket, { command: 'error', error: { code, description } });
}

/** How a device shows in a viewer's grid: its owner and model, its platform and group. */
async function describeDevice(db: Db, home: DeviceHome): Promise<LiveDevice> {
  const row = await projectDb(db, home.schema)
    .selectFrom('devices')
    .select(['OWNER', 'MODEL', 'DEVICE_TYPE', 'DEVICEGROUP'])
    .where('MID', '=', home.mid)
    .executeTakeFirst();
  const owner = row?.OWNER?.trim();
  const model = row?.MODEL?.trim();
  return {
    id: home.mid,
    name: [owner, model].filter(Boolean).join(' · ') || home.mid,
    type: row?.DEVICE_TYPE ?? '',
    status: 'online',
    group: row?.DEVICEGROUP ?? '',
    project: home.numero,
  };
}

/**
 * `GET /api/live`: the live monitoring signalling WebSocket (002 §7). Users authenticate with
 * their bearer token (a header, or the `bearer.<token>` subprotocol from a browser) and must have
 * a company that is active (002 §5, §6); devices with their device credential. Refused at the
 * upgrade with the error envelope: 401 without a valid credential, 403 without a company or
 * with an inactive one.
 */
export async function registerLive(app: FastifyInstance, deps: LiveDeps): Promise<LiveHub> {
  const { config, db, sandbox, verifyToken } = deps;
  const hub = new LiveHub(app.bus, app.log, config.ICE_SERVERS, config.LIVE_MAX_PANELS);
  await hub.start();
  app.addHook('onClose', async () => hub.close());
  const directory = new DeviceDirectory(db);
  const callers = new WeakMap<FastifyRequest, Caller>();

  const authenticate = async (request: FastifyRequest, reply: FastifyReply) => {
    const accept = request.headers['accept-language'];
    const refuse = (status: number, code: string, text: string) =>
      reply.code(status).send(errorResponse(code, text));
    const header = request.headers.authorization ?? '';
    if (/^Device\s/i.test(header)) {
      const credential = parseDeviceAuthorization(header);
      try {
        const home = credential ? await directory.authenticate(credential) : null;
        if (!home)
          return refuse(401, ErrorCode.unauthenticated, deviceText(accept, 'badCredential'));
        callers.set(request, { kind: 'device', home });
        return;
      } catch (error) {
        if (!(error instanceof DeviceRefusal)) throw error;
        return refuse(error.status, error.code, deviceText(accept, error.key));
      }
    }
    const token = bearerOf(request);
    let user: SessionUser;
    let expiresAt: number | null = null;
    try {
      if (!token) throw new AuthError('noToken');
      const claims = await verifyToken(token);
      expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : null;
      user = await loadSessionUser(db, config, claims);
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      return refuse(401, ErrorCode.unauthenticated, error.text(languageOf(accept)));
    }
    if (!user.company) return refuse(403, ErrorCode.forbidden, liveText(accept, 'noCompany'));
    if (!user.company.active) {
      return refuse(403, ErrorCode.forbidden, liveText(accept, 'companyInactive'));
    }
    callers.set(request, { kind: 'user', user, expiresAt });
  };

  app.get(LIVE_PATH, { websocket: true, preValidation: authenticate }, (socket, request) => {
    const caller = callers.get(request);
    if (!caller) return socket.close(1008, 'unauthenticated');
    const accept = request.headers['accept-language'];
    let alive = true;
    socket.on('pong', () => (alive = true));
    const beat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_SECONDS * 1000).unref();
    socket.on('close', () => clearInterval(beat));
    socket.on('error', (error) => request.log.debug({ err: error }, 'live socket error'));
    if (caller.kind === 'device') serveDevice(socket, caller.home, accept);
    else {
      // The token was checked once, at the upgrade: the socket lives no longer than the token.
      if (caller.expiresAt !== null) {
        const left = Math.min(Math.max(0, caller.expiresAt - Date.now()), 2 ** 31 - 1);
        const expiry = setTimeout(() => socket.close(TOKEN_EXPIRED_CLOSE, 'token expired'), left);
        socket.on('close', () => clearTimeout(expiry));
      }
      serveViewer(socket, caller.user, request, accept);
    }
  });

  function serveDevice(socket: WebSocket, home: DeviceHome, accept: string | undefined) {
    // Messages that arrive while the device is being described wait for it.
    const pending: [RawData, boolean][] = [];
    let link: ReturnType<LiveHub['attachDevice']> | null = null;
    const receive = (data: RawData, isBinary: boolean) => {
      if (!link) return void pending.push([data, isBinary]);
      const message = parse(deviceLiveMessageSchema, data, isBinary);
      if (typeof message === 'string') {
        return sendError(
          socket,
          ErrorCode.invalid,
          liveText(accept, 'badMessage', { detail: message }),
        );
      }
      const { sessionId, msg } = message;
      const device = { id: home.mid, type: link.device.type };
      if (!hub.fromDevice(link, sessionId, { command: 'message', sessionId, device, msg })) {
        sendError(socket, ErrorCode.invalid, liveText(accept, 'noSession', { sessionId }));
      }
    };
    socket.on('message', receive);
    describeDevice(db, home)
      .then((device) => {
        if (socket.readyState !== socket.OPEN) return;
        link = hub.attachDevice(socket, home, device);
        for (const [data, isBinary] of pending.splice(0)) receive(data, isBinary);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'live device not described');
        socket.close(1011, 'internal error');
      });
  }

  function serveViewer(
    socket: WebSocket,
    user: SessionUser,
    request: FastifyRequest,
    accept: string | undefined,
  ) {
    const sessions = new Map<string, ViewerSession>();
    socket.on('close', () => {
      for (const session of sessions.values()) hub.endSession(session);
    });
    const ctx = { db, sandbox, config, user, log: request.log };
    socket.on('message', (data, isBinary) => {
      const message = parse(viewerMessageSchema, data, isBinary);
      if (typeof message === 'string') {
        return sendError(
          socket,
          ErrorCode.invalid,
          liveText(accept, 'badMessage', { detail: message }),
        );
      }
      if (message.command === 'create_session') {
        const numero = message.parameters.database;
        if (sessions.size >= MAX_SESSIONS) {
          return sendError(
            socket,
            ErrorCode.invalid,
            liveText(accept, 'tooManySessions', { max: MAX_SESSIONS }),
          );
        }
        requireProject(ctx, numero)
          .then((project) => {
            if (!project.can('devices', 'show')) {
              request.log.warn({ user: user.login, numero }, 'live session refused');
              return sendError(
                socket,
                ErrorCode.forbidden,
                liveText(accept, 'forbidden', { numero }),
              );
            }
            if (socket.readyState !== socket.OPEN) return;
            const session = hub.createSession(socket, numero);
            sessions.set(session.id, session);
          })
          .catch((error: unknown) => {
            if (error instanceof ServiceError) return sendError(socket, error.code, error.message);
            request.log.error({ err: error }, 'live session failed');
            sendError(socket, ErrorCode.invalid, liveText(accept, 'forbidden', { numero }));
          });
        return;
      }
      const session = sessions.get(message.sessionId);
      if (!session) {
        return sendError(
          socket,
          ErrorCode.invalid,
          liveText(accept, 'noSession', { sessionId: message.sessionId }),
        );
      }
      const device = { id: message.device.id, type: message.device.type ?? '' };
      const relayed = { ...message, device } as unknown as Parameters<LiveHub['toDevice']>[2];
      if (!hub.toDevice(session, device.id, relayed)) {
        sendError(socket, ErrorCode.invalid, liveText(accept, 'notInSession', { id: device.id }));
      }
    });
  }

  return hub;
}
