import type { Config } from '../config';
import type { Bus } from './bus';
import { createMemoryBus } from './memory';
import { createRedisBus } from './redis-bus';

export * from './bus';
export { attachBus, busOf, detachBus } from './node-bus';

/**
 * The bus this node uses: in-process by default; over Redis pub/sub when REDIS_URL is set, so
 * several nodes act as one (docs/device-protocol.md, "Several nodes").
 */
export function createBus(config: Config, onError?: (error: Error) => void): Bus {
  if (config.REDIS_URL) {
    return createRedisBus(config.REDIS_URL, { prefix: config.REDIS_PREFIX, onError });
  }
  return createMemoryBus();
}
