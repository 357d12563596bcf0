import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import { NODE_EXPIRY_SECONDS } from './node-beat';

/**
 * How a device's connection reads (docs/device-protocol.md, "Presence"): online while its
 * directory row says so *and* names a node whose heartbeat is younger than NODE_EXPIRY_SECONDS.
 * A killed node's devices thus read offline as soon as its heartbeat expires, on every node,
 * whether or not a sweep has rewritten their rows yet.
 */

/** SQL: the directory row `alias` (core.device_directory) is held by a live node now. */
export function heldByLiveNode(alias: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<boolean>`(${column('online')} AND ${column('revoked_at')} IS NULL AND EXISTS (
    SELECT 1 FROM core.nodes AS live WHERE live.node = ${column('node')}
      AND live.beat_at > now() - make_interval(secs => ${NODE_EXPIRY_SECONDS})))`;
}

/** SQL: the device of the current project `devices` row is connected now. */
export const deviceOnline = sql<boolean>`EXISTS (
  SELECT 1 FROM core.device_directory AS dd
  WHERE dd.mid = ${sql.ref('devices.MID')} AND ${heldByLiveNode('dd')})`;

/**
 * SQL: when the directory row `alias` was last seen. Online: now. Held by a node that stopped
 * beating (the sweep has not written it yet): that node's last heartbeat, when later than the
 * row's own last_seen (refreshed only every minute while connected).
 */
export function lastSeenOf(alias: string): RawBuilder<Date | null> {
  const column = (name: string) => sql.ref(`${alias}.${name}`);
  return sql<Date | null>`CASE WHEN ${heldByLiveNode(alias)} THEN now()
    WHEN ${column('online')} THEN GREATEST(${column('last_seen')},
      (SELECT n.beat_at FROM core.nodes AS n WHERE n.node = ${column('node')}))
    ELSE ${column('last_seen')} END`;
}

export interface DevicePresence {
  ONLINE: boolean;
  /** When the device was last connected or checked in; null when never. */
  LAST_SEEN: Date | null;
}

/** Offline and never seen: a device without a directory row (created in the console). */
export const NEVER_SEEN: DevicePresence = { ONLINE: false, LAST_SEEN: null };

/** The connection state of a page of devices, by MID: one lookup by key each. */
export async function presenceOf(db: Db, mids: string[]): Promise<Map<string, DevicePresence>> {
  if (mids.length === 0) return new Map();
  const { rows } = await sql<{ mid: string; online: boolean; last_seen: Date | null }>`
    SELECT dd.mid, ${heldByLiveNode('dd')} AS online, ${lastSeenOf('dd')} AS last_seen
    FROM core.device_directory AS dd WHERE dd.mid = ANY(${mids}::text[])
  `.execute(db);
  return new Map(rows.map((row) => [row.mid, { ONLINE: row.online, LAST_SEEN: row.last_seen }]));
}

/** Each row with its device's ONLINE and LAST_SEEN. */
export async function withPresence<T extends { MID: string }>(
  db: Db,
  rows: T[],
): Promise<(T & DevicePresence)[]> {
  const presence = await presenceOf(
    db,
    rows.map((row) => row.MID),
  );
  return rows.map((row) => ({ ...row, ...(presence.get(row.MID) ?? NEVER_SEEN) }));
}
