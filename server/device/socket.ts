import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { ErrorCode } from '../../protocol/envelope';
import {
  DEVICE_API,
  SocketClose,
  deviceMessageSchema,
  type DeviceMessage,
  type ServerMessage,
} from '../../protocol/device-protocol';
import { describeUnstorable, findUnstorable } from '../db/storable';
import { languageOf, type Language } from '../messages';
import type { DeviceDirectory, DeviceHome } from './directory';
import type { DeviceConnection, DeviceHub } from './hub';
import { DeviceRefusal, describeIssues, sendRefusal } from './refusal';
import { parseDeviceAuthorization } from './secrets';
import { deviceText } from './texts';

/** How long a socket opened without an Authorization header may take to say hello. */
const HELLO_TIMEOUT_MS = 10_000;

interface SocketDeps {
  directory: DeviceDirectory;
  hub: DeviceHub;
}

function sendRaw(socket: WebSocket, message: ServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}

function parseMessage(
  data: RawData,
  isBinary: boolean,
  language: Language,
): DeviceMessage | string {
  if (isBinary) return 'text frames only';
  let json: unknown;
  try {
    json = JSON.parse(data.toString());
  } catch {
    return 'not JSON';
  }
  // A text PostgreSQL cannot store (or nesting JSON.stringify cannot copy to the bus) is refused
  // here, so that one device's answer never fails the batch that records its neighbours'.
  const unstorable = findUnstorable(json, 'message');
  if (unstorable) return describeUnstorable(unstorable, language);
  const parsed = deviceMessageSchema.safeParse(json);
  return parsed.success ? parsed.data : describeIssues(parsed.error);
}

/**
 * `GET /api/device/v1/socket`: the device WebSocket. The device authenticates with its
 * `Authorization: Device <mid>:<credential>` header on the upgrade request (refused there with
 * 401), or, when a client cannot set headers, with a first `hello` message.
 */
export function handleSocket(app: FastifyInstance, { directory, hub }: SocketDeps): void {
  const authenticated = new WeakMap<FastifyRequest, DeviceHome>();

  app.get(
    `${DEVICE_API}/socket`,
    {
      websocket: true,
      preValidation: async (request, reply) => {
        const header = request.headers.authorization;
        if (header === undefined) return;
        const credential = parseDeviceAuthorization(header);
        let home: DeviceHome | null;
        try {
          home = credential ? await directory.authenticate(credential) : null;
        } catch (error) {
          if (error instanceof DeviceRefusal) return sendRefusal(request, reply, error);
          throw error;
        }
        if (!home) {
          return sendRefusal(
            request,
            reply,
            new DeviceRefusal(401, credential ? 'badCredential' : 'noCredential'),
          );
        }
        authenticated.set(request, home);
      },
    },
    (socket, request) => {
      const language = request.headers['accept-language'];
      let connection: DeviceConnection | null = null;
      let helloTimer: NodeJS.Timeout | null = null;
      const refuse = (key: 'badCredential' | 'helloTimeout') => {
        sendRaw(socket, {
          type: 'error',
          code: ErrorCode.unauthenticated,
          description: deviceText(language, key),
        });
        socket.close(SocketClose.unauthorized, key);
      };

      const home = authenticated.get(request);
      if (home) connection = hub.attach(socket, home);
      else helloTimer = setTimeout(() => refuse('helloTimeout'), HELLO_TIMEOUT_MS);
      socket.on('close', () => helloTimer && clearTimeout(helloTimer));
      socket.on('error', (error) => request.log.debug({ err: error }, 'device socket error'));

      let authenticating = false;
      socket.on('message', (data, isBinary) => {
        const message = parseMessage(data, isBinary, languageOf(language));
        if (typeof message === 'string') {
          sendRaw(socket, {
            type: 'error',
            code: ErrorCode.invalid,
            description: deviceText(language, 'badMessage', { detail: message }),
          });
          return;
        }
        if (connection) {
          if (message.type !== 'hello') hub.receive(connection, message);
          return;
        }
        if (message.type !== 'hello' || authenticating) {
          refuse('badCredential');
          return;
        }
        authenticating = true;
        if (helloTimer) clearTimeout(helloTimer);
        directory
          .authenticate({ mid: message.mid, credential: message.credential })
          .then((found) => {
            if (!found) return refuse('badCredential');
            if (socket.readyState === socket.OPEN) connection = hub.attach(socket, found);
          })
          .catch((error: unknown) => {
            if (error instanceof DeviceRefusal) {
              sendRaw(socket, {
                type: 'error',
                code: error.code,
                description: deviceText(language, error.key),
              });
              return socket.close(SocketClose.companyInactive, error.key);
            }
            request.log.error({ err: error }, 'device hello failed');
            socket.close(SocketClose.goingAway, 'internal error');
          });
      });
    },
  );
}
