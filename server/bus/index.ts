import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Bus, BusMessage } from './bus';
import { createMemoryBus } from './memory';
import { createRedisBus } from './redis-bus';
import { RepeatedError } from '../repeated-error';

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

const failures = new WeakMap<Bus, RepeatedError>();

/**
 * Publishes without waiting: a failure of the bus (Redis unreachable) is logged, the first one
 * and then at most once a minute with how many failed since, and never reaches the process as
 * an unhandled rejection, which would end it.
 */
export function publishLater<T extends BusMessage>(
  bus: Bus,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  channel: string,
  message: T,
): void {
  bus.publish<T>(channel, message).catch((error: unknown) => {
    let failed = failures.get(bus);
    if (!failed)
      failures.set(bus, (failed = new RepeatedError('the bus refused messages', 'warn')));
    failed.report(log, error, { channel });
  });
}
