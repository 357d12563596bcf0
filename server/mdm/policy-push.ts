import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { BusChannel, busOf, type Bus, type DeviceDelivery } from '../bus/index';
import type { Db } from '../db/database';
import { engineDb } from '../engine/rows';

/**
 * Telling managed devices that their policy changed (docs/device-protocol.md "MDM"): each active
 * device gets `{type: 'policy', policy, version}` on its WebSocket, from whichever node holds it,
 * and reads `GET /mdm/policy`. A device not connected reads its policy when it next connects.
 * Sent after the change is committed, so the device reads what it was told of. The connected
 * devices are told in waves (`announcePolicies`): told all at once, a thousand devices read
 * together and the last ones waited past their timeout (docs/mdm.md "Speed").
 */

export interface PolicyNotice {
  mid: string;
  policy: number;
  version: number;
  /** Connected to a node, as the directory says (told in waves). */
  online: boolean;
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
    .leftJoin('core.device_directory as dd', 'dd.mid', 'd.mid')
    .select(['d.mid', 'd.policy', 'p.policyVersion', 'dd.online'])
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
    online: row.online === true,
  }));
}

/** MDM device requests (policy reads, compliance reports) this process is answering. */
let answering = 0;
/** Devices of the wave being told that have not asked yet, and when the last one did. */
const waiting = new Set<string>();
let lastAsked = 0;

/** Counts an MDM device request while it is answered: the waves wait for those of the last. */
export async function answeringDevice<T>(mid: string, work: () => Promise<T>): Promise<T> {
  if (waiting.delete(mid)) lastAsked = performance.now();
  answering++;
  try {
    return await work();
  } finally {
    answering--;
  }
}

/**
 * The first wave; a wave answered within `quickMs` doubles the next (up to `last`), one slower
 * than `slowMs` halves it. A wave is over when its devices have asked and been answered, or when
 * none of them asked for `quietMs` (the others are held by another node, or gone), or `capMs`.
 */
const WAVE = { first: 50, last: 2000, quickMs: 1500, slowMs: 4000, quietMs: 1000, capMs: 10_000 };
const POLL_MS = 25;

function publish(bus: Bus, notices: PolicyNotice[]) {
  return Promise.all(
    notices.map(({ mid, policy, version }) =>
      bus.publish<DeviceDelivery>(BusChannel.deliver, {
        mid,
        message: { type: 'policy', policy, version },
      }),
    ),
  );
}

/** Tells a wave and waits until it is over: how long that took. */
async function wave(bus: Bus, notices: PolicyNotice[]): Promise<number> {
  const [before, started] = [answering, performance.now()];
  for (const notice of notices) waiting.add(notice.mid);
  await publish(bus, notices);
  for (;;) {
    await sleep(POLL_MS);
    const now = performance.now();
    const settled = answering <= before; // as few in hand as before it: others' go on
    if (now - started > WAVE.capMs) break;
    if (settled && (waiting.size === 0 || now - Math.max(lastAsked, started) > WAVE.quietMs)) break;
  }
  waiting.clear();
  return performance.now() - started;
}

/**
 * Sends each device its notice through the bus (a node without one has no devices to tell):
 * those not connected at once (only a node that holds one since sends it), the connected ones
 * (the directory's `online`) in waves, so that the server is never asked by more devices than it
 * answers in a few seconds. The first wave is sent before this answers; the others, and the
 * notices of devices not connected, after (a failure is logged).
 */
export async function announcePolicies(
  db: Db,
  notices: PolicyNotice[],
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const bus = busOf(db);
  if (!bus) return;
  const online = notices.filter((notice) => notice.online);
  // Those not connected are told in the background: a group of 10,000 devices, mostly offline,
  // answered its change only after 10,000 messages (6–8 s); they read their policy on connecting.
  void publish(
    bus,
    notices.filter((notice) => !notice.online),
  ).catch((error: unknown) => log?.warn({ err: error }, 'telling devices of their policy failed'));
  if (online.length <= WAVE.first) return void (await publish(bus, online));
  const first = wave(bus, online.slice(0, WAVE.first));
  void (async () => {
    let [sent, size, took] = [WAVE.first, WAVE.first, await first];
    while (sent < online.length) {
      if (took < WAVE.quickMs) size = Math.min(size * 2, WAVE.last);
      else if (took > WAVE.slowMs) size = Math.max(Math.floor(size / 2), WAVE.first);
      took = await wave(bus, online.slice(sent, sent + size));
      sent += size;
    }
  })().catch((error: unknown) =>
    log?.warn({ err: error }, 'telling devices of their policy failed'),
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
