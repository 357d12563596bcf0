import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceUpdate, UpdateConfirm } from '../../../protocol/device-protocol';
import type { DeviceClient } from '../../../simulator/client';
import type { DeviceProfile } from '../../../simulator/profile';
import { Random } from '../../../simulator/random';
import { DeviceUpdates } from '../../../simulator/updates';

afterEach(() => {
  vi.useRealTimers();
});

describe('a simulated device’s updates', () => {
  it('sends a confirm the server did not take again, without applying the update again', async () => {
    vi.useFakeTimers();
    const confirms: UpdateConfirm[] = [];
    let refuse = true;
    const client = {
      confirmUpdate: async (_mid: string, _credential: string, outcome: UpdateConfirm) => {
        confirms.push(outcome);
        // The first answer is lost with its connection: the server may well have stored it.
        if (refuse) {
          refuse = false;
          throw new Error('other side closed');
        }
        return { recorded: [outcome.version] };
      },
    } as unknown as DeviceClient;
    const updates = new DeviceUpdates(
      {
        mid: 'DEV-1',
        profile: { behaviour: 'steady' } as unknown as DeviceProfile,
        client,
        random: new Random(1),
        credential: () => 'credential-0123456789',
        online: () => true,
        local: () => null,
      },
      { failRate: 0, slowSeconds: [0, 0], slowShare: 0 },
    );
    const update = {
      version: 7,
      files: [{ numero: 1, name: 'limpiar.bat', path: '', IsForExecute: true }],
    } as unknown as DeviceUpdate;

    updates.handle([update]);
    await vi.runAllTimersAsync();
    expect(updates.recorded).toEqual(['execute %APPPATH%/limpiar.bat']);
    expect(updates.applied).toEqual([]);

    // The next check-in still lists it: the outcome goes again, the files are not run again.
    updates.handle([update]);
    await vi.runAllTimersAsync();
    expect(confirms).toEqual([
      { version: 7, ok: true },
      { version: 7, ok: true },
    ]);
    expect(updates.recorded).toEqual(['execute %APPPATH%/limpiar.bat']);
    expect(updates.applied).toEqual([7]);

    // Once stored, a check-in answered before the confirm committed changes nothing.
    updates.handle([update]);
    await vi.runAllTimersAsync();
    expect(confirms).toHaveLength(2);
  });
});
