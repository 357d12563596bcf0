import pg from 'pg';
import type { SessionCache } from './session-cache';

/** The channel core's triggers notify on a write of a session's table (migration 0200). */
export const SESSIONS_CHANNEL = 'flota_sessions';
/** What the listening connection calls itself in pg_stat_activity. */
export const SESSIONS_LISTENER_NAME = 'flota-sessions';
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;

export interface SessionListener {
  close(): Promise<void>;
}

/**
 * One connection of this node's own, outside the pool, that LISTENs on `flota_sessions`: any
 * notification (a write of core.users, core.companies, core.identity_clients or core.projects,
 * committed by any node or by hand) clears `cache`. The cache is on only while it listens: it is
 * off at start-up, when the connection is lost (the server restarted, the connection was
 * terminated) and until it is back, tried again after 250 ms, then twice as long each time up to
 * 10 s; it starts empty every time it comes back.
 */
export function listenForSessions(
  url: string,
  cache: SessionCache,
  onError: (error: Error) => void = () => {},
): SessionListener {
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = FIRST_RETRY_MS;
  let closed = false;

  const again = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void open();
    }, delay);
    // Waiting to try again is no reason for the process to stay up.
    retry.unref();
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  };

  async function open(): Promise<void> {
    const connection = new pg.Client({
      connectionString: url,
      application_name: SESSIONS_LISTENER_NAME,
      // A connection cut without a word (a network gone) is noticed by TCP keepalives.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client = connection;
    let listening = false;
    const lost = (error?: Error) => {
      if (client !== connection) return;
      client = null;
      if (listening) cache.deaf();
      listening = false;
      if (error && !closed) onError(error);
      connection.end().catch(() => {});
      again();
    };
    connection.on('error', lost);
    connection.on('end', () => lost());
    connection.on('notification', (notification) => {
      if (notification.channel === SESSIONS_CHANNEL) cache.clear();
    });
    try {
      await connection.connect();
      await connection.query(`LISTEN ${SESSIONS_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (client !== connection || closed) return;
    listening = true;
    delay = FIRST_RETRY_MS;
    cache.listening();
  }

  void open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const connection = client;
      if (!connection) return;
      // 'end' then takes the cache's listener away (lost).
      await connection.end().catch(() => {});
    },
  };
}
