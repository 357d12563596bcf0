import { describe, expect, it } from 'vitest';
import type { DeviceClient } from '../../../simulator/client';
import { VirtualDevice } from '../../../simulator/device';
import { createProfile } from '../../../simulator/profile';

/** A socket that keeps what the device sends on it. */
function fakeSocket() {
  const sent: Record<string, unknown>[] = [];
  return {
    sent,
    OPEN: 1,
    readyState: 1,
    send: (text: string) => sent.push(JSON.parse(text) as Record<string, unknown>),
  };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('a simulated device given a command it ran before (a queued command sent again)', () => {
  it('acknowledges it and answers its result again, without running it twice', async () => {
    const device = new VirtualDevice(createProfile('repeat-seed', 3), {
      client: {} as DeviceClient,
      events: { enrolled: () => {}, unenrolled: () => {}, checkin: () => {} },
      checkinSeconds: 60,
      episodes: false,
      firstCheckinWithin: 1,
    });
    const receive = (socket: ReturnType<typeof fakeSocket>, message: object) =>
      (device as unknown as { onMessage(s: unknown, t: string): void }).onMessage(
        socket,
        JSON.stringify(message),
      );
    const command = { type: 'command', id: 'flota-41', cmd: 'wifi', params: { enabled: false } };
    const first = fakeSocket();
    receive(first, command);
    await until(() => first.sent.length === 2);
    expect(first.sent).toEqual([
      { type: 'ack', id: 'flota-41' },
      expect.objectContaining({ type: 'result', id: 'flota-41', ok: true }),
    ]);
    // Turned on by hand meanwhile: running the command again would turn it off again.
    const controls = (device as unknown as { controls: { settings: { wifi: boolean } } }).controls;
    controls.settings.wifi = true;

    const second = fakeSocket();
    receive(second, command);
    await until(() => second.sent.length === 2);
    expect(second.sent).toEqual(first.sent);
    expect(controls.settings.wifi).toBe(true);
  });
});
