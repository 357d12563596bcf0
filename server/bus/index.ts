import type { Config } from '../config';
import type { Bus } from './bus';
import { createMemoryBus } from './memory';

export * from './bus';

/**
 * The bus this node uses. In-process for now; a Redis transport (REDIS_URL) implements the same
 * interface when several nodes must act as one (docs/device-protocol.md, "Several nodes").
 */
export function createBus(_config: Config): Bus {
  return createMemoryBus();
}
