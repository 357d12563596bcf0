import type { CommandResultRow } from '../../../../protocol/commands';

/** 001 §7 and §9: "Commands are run through ten workers used round-robin". */
export const WORKERS = 10;
/** Devices per sendCommand call of one worker: keeps each call well under the 10 s wait. */
export const CHUNK_SIZE = 50;

/** Device i goes to worker i mod `workers`, so the first ten devices start at once. */
export function distribute<T>(items: readonly T[], workers = WORKERS): T[][] {
  const queues: T[][] = Array.from({ length: Math.min(workers, items.length) }, () => []);
  items.forEach((item, index) => queues[index % queues.length].push(item));
  return queues;
}

export function chunks<T>(items: readonly T[], size = CHUNK_SIZE): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    out.push(items.slice(start, start + size));
  return out;
}

/**
 * A device's outcome as the console shows it: the server's row, or `error` when the call itself
 * failed (refused, network) and the server's description is all there is.
 */
export type DeviceOutcome =
  | { device: string; state: CommandResultRow['state']; row: CommandResultRow }
  | { device: string; state: 'error'; message: string };

export interface RunOptions {
  /** Sends one chunk (sendCommand with wait: true). */
  send: (devices: string[]) => Promise<{ results: CommandResultRow[] }>;
  /** Called with each chunk's outcomes as they arrive. */
  onOutcomes: (outcomes: DeviceOutcome[]) => void;
  workers?: number;
  chunkSize?: number;
  signal?: AbortSignal;
}

/**
 * Sends a command to many devices: the devices are dealt round-robin to the workers; each worker
 * sends its chunks one after another, and the workers run side by side. Resolves when every
 * worker is done; a failed call marks only its own chunk.
 */
export async function runOnWorkers(devices: readonly string[], options: RunOptions) {
  const { send, onOutcomes, workers = WORKERS, chunkSize = CHUNK_SIZE, signal } = options;
  const worker = async (queue: string[]) => {
    for (const chunk of chunks(queue, chunkSize)) {
      if (signal?.aborted) return;
      try {
        const { results } = await send(chunk);
        const byDevice = new Map(results.map((row) => [row.device, row]));
        onOutcomes(
          chunk.map((device): DeviceOutcome => {
            const row = byDevice.get(device);
            return row
              ? { device, state: row.state, row }
              : { device, state: 'error', message: '' };
          }),
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        onOutcomes(chunk.map((device) => ({ device, state: 'error', message })));
      }
    }
  };
  await Promise.all(distribute(devices, workers).map(worker));
}
