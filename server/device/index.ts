import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { okResponse } from '../../protocol/envelope';
import {
  DEVICE_API,
  SocketClose,
  checkinRequestSchema,
  enrolRequestSchema,
  type CheckinResponse,
} from '../../protocol/device-protocol';
import { attachBus, createBus, detachBus, type Bus } from '../bus/index';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { CheckinWriter } from './checkin';
import { RepeatedError } from '../repeated-error';
import { DeviceDirectory } from './directory';
import { closeEarlierSocket, enrolDevice } from './enrol';
import { DeviceHub } from './hub';
import { PresenceWriter } from './presence';
import { DeviceRefusal, parseBody, refusing } from './refusal';
import { parseDeviceAuthorization } from './secrets';
import { handleSocket } from './socket';
import { registerHelpdeskUpload } from '../helpdesk/upload-route';
import { registerDeviceUpdates } from '../updates/device-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Publish/subscribe between the server's parts and nodes. */
    bus: Bus;
    /** The devices connected to this node, and delivery to any device. */
    devices: DeviceHub;
  }
}

export interface DeviceApiDeps {
  config: Config;
  db: Db;
}

/** Seconds between the server's heartbeat pings on a device WebSocket. */
const HEARTBEAT_SECONDS = 30;
/** A device not refreshed by its node for this long is taken offline by any node. */
const STALE_SECONDS = 180;

/**
 * The device-facing API, protocol v1 (docs/device-protocol.md): enrolment, check-in and the
 * device WebSocket under /api/device/v1, with the bus and the hub of connected devices.
 */
export async function registerDeviceApi(
  app: FastifyInstance,
  { config, db }: DeviceApiDeps,
): Promise<void> {
  const busDown = new RepeatedError('the bus between nodes (Redis) failed');
  const bus = createBus(config, (error) => {
    app.metrics?.busErrors.inc();
    busDown.report(app.log, error);
  });
  const directory = new DeviceDirectory(db);
  const checkins = new CheckinWriter(db);
  const presence = new PresenceWriter(db, bus.node, (error, devices) => {
    // The database stopping first (the embedded one stops on the same signal) is not a fault:
    // the sweeper takes those devices offline once they are stale.
    if (/^57P0/.test((error as { code?: string }).code ?? '')) {
      app.log.warn(`database stopping: presence of ${devices} devices not written`);
    } else {
      app.log.error({ err: error }, 'device presence write failed');
    }
  });
  const hub = new DeviceHub({
    db,
    bus,
    presence,
    log: app.log,
    heartbeat: HEARTBEAT_SECONDS,
    staleAfter: STALE_SECONDS,
  });
  await hub.start();
  app.decorate('bus', bus);
  app.decorate('devices', hub);
  // Service operations (deviceDelete) reach the bus through their database handle.
  attachBus(db, bus);
  app.addHook('onClose', async () => {
    detachBus(db, bus);
    await hub.close();
    await bus.close();
  });

  await app.register(websocket, {
    options: { maxPayload: config.BODY_LIMIT },
    // Stopping closes every device socket (the hub then writes them offline, onClose) and
    // cuts those that do not finish the closing handshake within a second, rather than
    // waiting for ws's 30 s.
    preClose: (done) => {
      const clients = [...app.websocketServer.clients];
      for (const client of clients) client.close(SocketClose.goingAway, 'server stopping');
      const cut = setTimeout(() => clients.forEach((client) => client.terminate()), 1000);
      app.websocketServer.close(() => {
        clearTimeout(cut);
        done();
      });
    },
  });

  app.post(
    `${DEVICE_API}/enrol`,
    refusing(async (request) => {
      const body = parseBody(enrolRequestSchema, request);
      // A device enrolling again proves it is the same one with its current credential.
      const current = parseDeviceAuthorization(request.headers.authorization);
      const enrolment = await enrolDevice(db, body, config.DEVICE_CHECKIN_SECONDS, current);
      if (enrolment.reenrolled) await closeEarlierSocket(bus, body.mid);
      request.log.debug({ mid: body.mid, project: enrolment.response.project }, 'device enrolled');
      return okResponse(enrolment.response);
    }),
  );

  const { pending } = await registerDeviceUpdates(app, { config, db, directory, hub, bus });

  app.post(
    `${DEVICE_API}/checkin`,
    refusing(async (request) => {
      const credential = parseDeviceAuthorization(request.headers.authorization);
      if (!credential) throw new DeviceRefusal(401, 'noCredential');
      const body = parseBody(checkinRequestSchema, request);
      const home = await directory.home(credential.mid);
      if (!home) throw new DeviceRefusal(401, 'badCredential');
      await directory.requireActiveCompany(home);
      const outcome = await checkins.checkIn(home, credential.credential, body);
      if (outcome.kind === 'refused') {
        directory.forget(credential.mid);
        throw new DeviceRefusal(401, 'badCredential');
      }
      if (outcome.kind === 'gone') throw new DeviceRefusal(410, 'deviceGone');
      const response: CheckinResponse = {
        deviceId: outcome.deviceId,
        enabled: outcome.enabled,
        checkinInterval: config.DEVICE_CHECKIN_SECONDS,
        serverTime: new Date().toISOString(),
        updates: await pending.details(home.schema, outcome.updates),
        provisions: outcome.provisions,
      };
      app.metrics?.checkins.inc();
      return okResponse(response);
    }),
  );

  await registerHelpdeskUpload(app, { config, db, directory, bus });
  handleSocket(app, { directory, hub });
}
