import { describe, expect, it } from 'vitest';
import { attachBus, BusChannel, type DeviceDelivery } from '../../../server/bus/index';
import { createMemoryBus } from '../../../server/bus/memory';
import type { Db } from '../../../server/db/database';
import {
  announcePolicies,
  answeringDevice,
  type PolicyNotice,
} from '../../../server/mdm/policy-push';

const notices = (prefix: string, count: number, online: boolean): PolicyNotice[] =>
  Array.from({ length: count }, (_, i) => ({
    mid: `${prefix}-${i}`,
    policy: 7,
    version: 3,
    online,
  }));

async function until(test: () => boolean) {
  for (let i = 0; i < 500 && !test(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

/** A node's bus with the devices that were told, in order; each told device reads at once. */
function node(read: boolean) {
  const db = {} as Db;
  const bus = createMemoryBus();
  attachBus(db, bus);
  const told: string[] = [];
  void bus.subscribe<DeviceDelivery>(BusChannel.deliver, ({ mid, message }) => {
    expect(message).toEqual({ type: 'policy', policy: 7, version: 3 });
    told.push(mid);
    if (read) void answeringDevice(mid, async () => {});
  });
  return { db, told };
}

describe('telling managed devices that their policy changed', () => {
  it('tells the devices not connected at once and the connected ones in waves', async () => {
    const { db, told } = node(true);
    await announcePolicies(db, [...notices('on', 300, true), ...notices('off', 20, false)]);
    await until(() => told.length >= 70);
    // Answered: the offline ones and the first wave only; the rest once that wave has read.
    expect(told.slice(0, 20).every((mid) => mid.startsWith('off-'))).toBe(true);
    expect(told.slice(20, 70)).toEqual(notices('on', 50, true).map((n) => n.mid));
    await until(() => told.length === 320);
    expect(new Set(told).size).toBe(320);
  });

  it('tells every connected device even when none of them reads (held by another node)', async () => {
    const { db, told } = node(false);
    await announcePolicies(db, notices('away', 120, true));
    await until(() => told.length === 120);
    expect(told).toEqual(notices('away', 120, true).map((n) => n.mid));
  });
});
