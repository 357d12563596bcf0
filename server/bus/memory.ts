import crypto from 'node:crypto';
import type { Bus, BusHandler, BusMessage } from './bus';

/**
 * The bus of a single server node. Messages are copied through JSON and delivered on a later
 * tick, so code written against it behaves the same on a networked transport.
 */
export function createMemoryBus(node: string = crypto.randomUUID()): Bus {
  const handlers = new Map<string, Set<BusHandler>>();
  let closed = false;
  return {
    node,
    isReady: () => !closed,
    async publish(channel, message) {
      if (closed) return;
      const subscribers = handlers.get(channel);
      if (!subscribers?.size) return;
      const text = JSON.stringify(message);
      setImmediate(() => {
        for (const handler of subscribers) handler(JSON.parse(text) as BusMessage);
      });
    },
    async subscribe(channel, handler) {
      const subscribers = handlers.get(channel) ?? new Set();
      handlers.set(channel, subscribers);
      subscribers.add(handler as BusHandler);
      return async () => {
        subscribers.delete(handler as BusHandler);
      };
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}
