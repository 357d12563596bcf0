import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { Bus, BusHandler, BusMessage } from './bus';

export interface RedisBusOptions {
  /** Prepended to every channel: installations (or test runs) sharing one Redis stay apart. */
  prefix?: string;
  node?: string;
  /** Told about connection errors; ioredis reconnects by itself. */
  onError?: (error: Error) => void;
}

/**
 * The bus over Redis pub/sub, for several server nodes acting as one (REDIS_URL). Messages are
 * JSON; delivery is at-most-once (a node not connected at that moment misses the message), as
 * the Bus interface promises. Two connections: one subscribed, one to publish, since a Redis
 * connection in subscriber mode can do nothing else.
 *
 * @example
 * const bus = createRedisBus('redis://127.0.0.1:6379', { prefix: 'flota:' });
 */
export function createRedisBus(url: string, options: RedisBusOptions = {}): Bus {
  const prefix = options.prefix ?? 'flota:';
  const node = options.node ?? crypto.randomUUID();
  const onError = options.onError ?? (() => {});
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // No ready check (INFO) on the subscriber: on a reconnection ioredis may send it on a
  // connection already in subscriber mode, which throws outside any promise and would end the
  // process (redis/ioredis#2037); autoResubscribe renews the channels.
  const subscriber = new Redis(url, {
    lazyConnect: false,
    enableReadyCheck: false,
    disableClientInfo: true,
  });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const handlers = new Map<string, Set<BusHandler>>();
  let closed = false;

  subscriber.on('message', (channel: string, text: string) => {
    const subscribers = handlers.get(channel.slice(prefix.length));
    if (!subscribers?.size) return;
    let message: BusMessage;
    try {
      message = JSON.parse(text) as BusMessage;
    } catch {
      return; // not one of ours
    }
    for (const handler of subscribers) {
      try {
        handler(message);
      } catch (error) {
        onError(error as Error);
      }
    }
  });

  return {
    node,
    isReady: () => !closed && publisher.status === 'ready',
    async publish(channel, message) {
      if (closed) return;
      await publisher.publish(prefix + channel, JSON.stringify(message));
    },
    async subscribe(channel, handler) {
      let subscribers = handlers.get(channel);
      if (!subscribers) {
        subscribers = new Set();
        handlers.set(channel, subscribers);
        await subscriber.subscribe(prefix + channel);
      }
      subscribers.add(handler as BusHandler);
      return async () => {
        subscribers.delete(handler as BusHandler);
        if (subscribers.size === 0 && handlers.get(channel) === subscribers && !closed) {
          handlers.delete(channel);
          // Not connected: nothing to unsubscribe from, and the command would wait for Redis.
          if (subscriber.status !== 'ready') return;
          await subscriber.unsubscribe(prefix + channel).catch(() => {});
        }
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      // QUIT waits for a connection that may never come back (Redis away): only then is it sent.
      const end = (client: Redis) =>
        client.status === 'ready'
          ? client.quit().catch(() => client.disconnect())
          : client.disconnect();
      await Promise.all([end(publisher), end(subscriber)]);
    },
  };
}

/**
 * Whether Redis answers at `url` within `ms`: a node checks it before it opens the database,
 * so an unreachable REDIS_URL stops the start before anything is migrated or seeded.
 */
export async function redisAnswers(url: string, ms = 3000): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: ms,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
