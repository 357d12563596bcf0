import pg from 'pg';
import type { SessionCache } from './session-cache';

/** The channel core's triggers notify on a write of a session's table (migration 0200). */
export const SESSIONS_CHANNEL = 'flota_sessions';
/** What the listening connection calls itself in pg_stat_activity. */
export const SESSIONS_LISTENER_NAME = 'flota-sessions';
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 10_000;
/** How often the connection is asked a `SELECT 1`; how long an answer (or connecting) may take. */
const HEARTBEAT_MS = 10_000;
const HEARTBEAT_TIMEOUT_MS = 5_000;

export interface SessionListener {
  close(): Promise<void>;
}

/** The heartbeat's period and the time an answer may take (shorter in tests). */
export interface HeartbeatTiming {
  everyMs: number;
  timeoutMs: number;
}

/**
 * One connection of this node's own, outside the pool, that LISTENs on `flota_sessions`: any
 * notification (a write of core.users, core.companies, core.identity_clients or core.projects,
 * committed by any node or by hand) clears `cache`. The cache is on only while it listens: it is
 * off at start-up, when the connection is lost (the server restarted, the connection was
 * terminated, or it leaves a `SELECT 1` sent every 10 s unanswered for 5 s: a connection cut
 * without a word, which would otherwise miss notifications for minutes) and until it is back,
 * tried again after 250 ms, then twice as long each time up to 10 s; it starts empty every time
 * it comes back.
 */
export function listenForSessions(
  url: string,
  cache: SessionCache,
  onError: (error: Error) => void = () => {},
  heartbeat: HeartbeatTiming = { everyMs: HEARTBEAT_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS },
): SessionListener {
  let client: pg.Client | null = null;
  /** Gives up the current connection (`lost` of the last `open`). */
  let drop = () => {};
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
      // The heartbeat's, and the LISTEN's, answer.
      query_timeout: heartbeat.timeoutMs,
      connectionTimeoutMillis: heartbeat.timeoutMs,
    });
    client = connection;
    let listening = false;
    let beat: NodeJS.Timeout | null = null;
    const lost = (error?: Error) => {
      if (client !== connection) return;
      client = null;
      if (beat) clearInterval(beat);
      if (listening) cache.deaf();
      listening = false;
      if (error && !closed) onError(error);
      connection.end().catch(() => {});
      again();
    };
    drop = lost;
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
    beat = setInterval(() => {
      connection.query('SELECT 1').catch(lost);
    }, heartbeat.everyMs);
    beat.unref();
  }

  void open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const connection = client;
      if (!connection) return;
      // 'end' then takes the cache's listener away (lost). A connection cut without a word may
      // never answer the goodbye: the app's close does not wait for it beyond the heartbeat's time.
      let waited: NodeJS.Timeout | undefined;
      await Promise.race([
        connection.end().catch(() => {}),
        new Promise((resolve) => (waited = setTimeout(resolve, heartbeat.timeoutMs))),
      ]);
      clearTimeout(waited);
      drop();
    },
  };
}
