import { sql } from 'kysely';
import { BusChannel, busOf, type DeviceDelivery } from '../bus/index';
import type { Db } from '../db/database';
import { engineDb } from '../engine/rows';

/**
 * Telling managed devices that their policy changed (docs/device-protocol.md "MDM"): each active
 * device gets `{type: 'policy', policy, version}` on its WebSocket, from whichever node holds it,
 * and reads `GET /mdm/policy`. A device not connected reads its policy when it next connects.
 * Sent after the change is committed, so the device reads what it was told of.
 */

export interface PolicyNotice {
  mid: string;
  policy: number;
  version: number;
}

/** The kind of list a device of this platform and policy document is in (kiosk: a `KIOSK` app). */
export function deviceKind(platform: string, document: unknown): string {
  if (platform !== 'android') return platform;
  const apps = (document as { applications?: { installType?: string }[] } | null)?.applications;
  return (apps ?? []).some((app) => app.installType === 'KIOSK') ? 'kiosk' : 'android';
}

/** The active devices of some managed-device ids or of a policy, with their policy's version. */
export async function policyNotices(
  db: Db,
  where: { ids: number[] } | { policy: number },
): Promise<PolicyNotice[]> {
  let query = engineDb(db)
    .selectFrom('core.mdm_devices as d')
    .innerJoin('core.mdm_policies as p', 'p.id', 'd.policy')
    .select(['d.mid', 'd.policy', 'p.policyVersion'])
    .where('d.state', '=', 'active');
  query =
    'ids' in where
      ? query.where('d.id', 'in', where.ids.length ? where.ids : [-1])
      : query.where('d.policy', '=', where.policy);
  const rows = await query.execute();
  return rows.map((row) => ({
    mid: String(row.mid),
    policy: Number(row.policy),
    version: Number(row.policyVersion),
  }));
}

/** Sends each device its notice through the bus (a node without one has no devices to tell). */
export async function announcePolicies(db: Db, notices: PolicyNotice[]): Promise<void> {
  const bus = busOf(db);
  if (!bus) return;
  await Promise.all(
    notices.map(({ mid, policy, version }) =>
      bus.publish<DeviceDelivery>(BusChannel.deliver, {
        mid,
        message: { type: 'policy', policy, version },
      }),
    ),
  );
}

/** Android devices of a policy whose document changed move between the kiosk and plain lists. */
export async function rekindPolicyDevices(trx: Db, policy: number, document: unknown) {
  const kind = deviceKind('android', document);
  await engineDb(trx)
    .updateTable('core.mdm_devices')
    .set({ kind, version: sql`version + 1`, updated_at: sql`now()` })
    .where('policy', '=', policy)
    .where('platform', '=', 'android')
    .where('kind', '<>', kind)
    .execute();
}
