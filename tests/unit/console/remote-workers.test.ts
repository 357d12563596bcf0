import { describe, expect, it } from 'vitest';
import type { CommandResultRow } from '../../../protocol/commands';
import {
  chunks,
  distribute,
  runOnWorkers,
  type DeviceOutcome,
} from '../../../src/custom/devices/remote/commandWorkers';

const row = (device: string, state: CommandResultRow['state'] = 'executed') =>
  ({ device, state, msg: null }) as CommandResultRow;
const mids = (n: number) => Array.from({ length: n }, (_, i) => `M${i}`);

describe('the ten command workers', () => {
  it('deal devices round-robin: device i to worker i mod 10', () => {
    const queues = distribute(mids(23));
    expect(queues).toHaveLength(10);
    expect(queues[0]).toEqual(['M0', 'M10', 'M20']);
    expect(queues[2]).toEqual(['M2', 'M12', 'M22']);
    expect(queues[3]).toEqual(['M3', 'M13']);
    expect(queues.flat().sort()).toEqual(mids(23).sort());
  });

  it('use only as many workers as there are devices', () => {
    expect(distribute(mids(3))).toEqual([['M0'], ['M1'], ['M2']]);
    expect(distribute([])).toEqual([]);
  });

  it('split a queue into chunks in order', () => {
    expect(chunks(mids(5), 2)).toEqual([['M0', 'M1'], ['M2', 'M3'], ['M4']]);
  });

  it('send each worker’s chunks one after another, the workers side by side', async () => {
    const calls: string[][] = [];
    let inFlight = 0;
    let most = 0;
    const outcomes: DeviceOutcome[] = [];
    await runOnWorkers(mids(40), {
      chunkSize: 2,
      send: async (devices) => {
        calls.push(devices);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return { results: devices.map((device) => row(device)) };
      },
      onOutcomes: (arrived) => outcomes.push(...arrived),
    });
    expect(most).toBe(10);
    // Worker 0 holds M0, M10, M20, M30: first chunk [M0, M10], then [M20, M30].
    const worker0 = calls.filter((call) => call[0] === 'M0' || call[0] === 'M20');
    expect(worker0).toEqual([
      ['M0', 'M10'],
      ['M20', 'M30'],
    ]);
    expect(calls.indexOf(worker0[0])).toBeLessThan(calls.indexOf(worker0[1]));
    expect(outcomes).toHaveLength(40);
    expect(new Set(outcomes.map((outcome) => outcome.device)).size).toBe(40);
  });

  it('mark only the failed chunk when a call is refused', async () => {
    const outcomes: DeviceOutcome[] = [];
    await runOnWorkers(mids(4), {
      workers: 2,
      chunkSize: 1,
      send: async ([device]) => {
        if (device === 'M2') throw new Error('refused');
        return { results: [row(device, device === 'M1' ? 'offline' : 'executed')] };
      },
      onOutcomes: (arrived) => outcomes.push(...arrived),
    });
    const byDevice = Object.fromEntries(outcomes.map((outcome) => [outcome.device, outcome]));
    expect(byDevice.M0.state).toBe('executed');
    expect(byDevice.M1.state).toBe('offline');
    expect(byDevice.M2).toEqual({ device: 'M2', state: 'error', message: 'refused' });
    expect(byDevice.M3.state).toBe('executed');
  });
});
