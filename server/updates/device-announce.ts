import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { busOf, type Bus, type Unsubscribe } from '../bus/index';
import type { Db } from '../db/database';
import type { DeviceHub } from '../device/hub';
import { PENDING_FOR_DEVICE } from './device-pending';

/**
 * Bus channel: updates were published in a project; every node tells its connected devices that
 * have them (UpdatesAnnouncedEvent).
 */
export const UPDATES_ANNOUNCED = 'updates.announced';

/** MIDs listed by name; a longer list travels as 'all' and each node reads its own from the database. */
const MAX_LISTED = 2000;

export type UpdatesAnnouncedEvent = { schema: string; mids: string[] | 'all' };

/** The buses of the device APIs running in this process (one per app; tests build several). */
const running = new Set<Bus>();

/**
 * Tells the devices of `mids` (or of the whole project) that are connected, to whichever node,
 * that updates wait for them: each receives `{type: 'updates'}` on its WebSocket and fetches
 * `GET /updates`. Devices not connected learn at their next check-in. Called after a publish
 * with SendPush. With `db`, the bus of the app serving it; otherwise every device API running in
 * this process (normally one).
 */
export async function announceUpdates(
  schema: string,
  mids: string[] | 'all',
  db?: Db,
): Promise<void> {
  const attached = db ? busOf(db) : null;
  const buses = attached ? [attached] : [...running];
  const event: UpdatesAnnouncedEvent = {
    schema,
    mids: mids === 'all' || mids.length > MAX_LISTED ? 'all' : mids,
  };
  await Promise.all(buses.map((bus) => bus.publish(UPDATES_ANNOUNCED, event)));
}

/**
 * A node's side of announcements: it sends `{type: 'updates'}` to its own devices named by an
 * event, or, for 'all', to those of its devices in the project that have an update pending.
 */
export async function listenForAnnouncements(
  db: Db,
  bus: Bus,
  hub: DeviceHub,
  log: FastifyBaseLogger,
): Promise<Unsubscribe> {
  const unsubscribe = await bus.subscribe<UpdatesAnnouncedEvent>(UPDATES_ANNOUNCED, (event) => {
    void notify(db, hub, event).catch((error: unknown) =>
      log.error({ err: error }, 'announcing updates to devices failed'),
    );
  });
  running.add(bus);
  return async () => {
    running.delete(bus);
    await unsubscribe();
  };
}

async function notify(db: Db, hub: DeviceHub, { schema, mids }: UpdatesAnnouncedEvent) {
  const here = hub.connectedIn(schema);
  if (here.length === 0) return;
  let targets: string[];
  if (mids === 'all') {
    const { rows } = await sql<{ mid: string }>`
      SELECT DISTINCT "MID" AS mid FROM ${sql.id(schema, 'device_updates')}
      WHERE "MID" = ANY(${here}::text[]) AND ${PENDING_FOR_DEVICE}
    `.execute(db);
    targets = rows.map((row) => row.mid);
  } else {
    const listed = new Set(mids);
    targets = here.filter((mid) => listed.has(mid));
  }
  for (const mid of targets) hub.sendHere(mid, { type: 'updates' });
}
