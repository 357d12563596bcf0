import net from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectUserWithCompany } from '../../server/auth';
import { sessionCacheOf } from '../../server/db/database';
import { selectRegisteredClient } from '../../server/identity/client-binding';
import { SessionCache } from '../../server/session-cache';
import { listenForSessions, SESSIONS_LISTENER_NAME } from '../../server/session-listener';
import { buildTestApp, type TestApp } from '../support/app';
import { until } from '../support/command-agent';
import { createUser, demoCompany, ok, refused } from '../support/projects';
import { buildSecondNode, type SecondNode } from '../support/second-node';

// The session rows' cache (docs/decisions.md, "The session user's cache, forgotten by
// PostgreSQL"): every authenticated call reads the user and the token's client from this node's
// cache, and whatever changes them is refused at once on the node that wrote it, and on every
// other node as soon as PostgreSQL's notification arrives; without the notifications'
// connection the cache is off.

let t: TestApp;
let nodeB: SecondNode;
let admin: string;
const cache = () => sessionCacheOf(t.database.db)!.cache;

beforeAll(async () => {
  t = await buildTestApp();
  nodeB = await buildSecondNode(t);
  admin = await t.tokenFor('admin');
  await until(() => cache().isOn());
});
afterAll(async () => {
  await nodeB?.close();
  await t?.close();
});

/** Runs `text` on a connection of its own, as an administrator would by hand. */
async function byHand(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: t.database.adminUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

const session = (token: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/services',
    headers: { authorization: `Bearer ${token}` },
    payload: { operation: 'session', parameter: {} },
  });

let serial = 0;
/** A new user of the demo company, active, with a token. */
async function newUser() {
  const login = `cache-user-${++serial}`;
  const id = await createUser(t.database.db, await demoCompany(t.database.db), login);
  return { id, login, token: await t.tokenFor(login) };
}

describe('the session user, kept per node', () => {
  it('is read from the cache, and a user locked through the API is refused every time at once', async () => {
    const user = await newUser();
    expect((await session(user.token)).statusCode).toBe(200);
    expect(cache().size).toBeGreaterThan(0);
    for (let round = 0; round < 10; round++) {
      await session(user.token);
      await ok(t, 'lockUser', { idusr: user.id, tolock: true }, admin);
      expect((await session(user.token)).statusCode).toBe(401);
      await ok(t, 'lockUser', { idusr: user.id, tolock: false }, admin);
      expect((await session(user.token)).statusCode).toBe(200);
    }
  });

  it('refuses a user deactivated by raw SQL: at once through the app’s pool, soon by hand', async () => {
    const user = await newUser();
    expect((await session(user.token)).statusCode).toBe(200);
    await sql`UPDATE core.users SET active = false WHERE id = ${user.id}`.execute(t.database.db);
    expect((await session(user.token)).statusCode).toBe(401);
    await sql`UPDATE core.users SET active = true WHERE id = ${user.id}`.execute(t.database.db);
    expect((await session(user.token)).statusCode).toBe(200);
    expect((await session(user.token)).statusCode).toBe(200);
    await byHand('UPDATE core.users SET active = false WHERE id = $1', [user.id]);
    await until(async () => (await session(user.token)).statusCode === 401, 2_000);
  });

  it('refuses in the language the user just chose', async () => {
    const user = await newUser();
    const refusal = () =>
      refused(t, 'createClient', { name: 'Más', type: 'api', rights: 'ADMINISTRADOR' }, user.token);
    const spanish = 'No puede dar a un cliente más derechos que los suyos.';
    expect(await refusal()).toBe(spanish);
    expect(await refusal()).toBe(spanish);
    await ok(t, 'updateProfile', { language: 'en' }, user.token);
    expect(await refusal()).not.toBe(spanish);
    await byHand(`UPDATE core.users SET language = 'es' WHERE id = $1`, [user.id]);
    await until(async () => (await refusal()) === spanish, 2_000);
  });

  it('refuses at once the token of a deleted API client', async () => {
    const created = await ok(t, 'createClient', { name: 'Caché', type: 'api' }, admin);
    const response = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${created.clientid}:${created.pwd}`).toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    const token = response.json().access_token as string;
    expect((await session(token)).statusCode).toBe(200);
    expect((await session(token)).statusCode).toBe(200);
    expect((await session(token, nodeB.app)).statusCode).toBe(200);
    await ok(t, 'deleteClient', { clientid: created.clientid, type: 'api' }, admin);
    expect((await session(token)).statusCode).toBe(401);
    await until(async () => (await session(token, nodeB.app)).statusCode === 401, 2_000);
  });

  it('refuses on node B, within the notification’s delay, a user locked through node A', async () => {
    const user = await newUser();
    expect((await session(user.token, nodeB.app)).statusCode).toBe(200);
    expect((await session(user.token, nodeB.app)).statusCode).toBe(200);
    await ok(t, 'lockUser', { idusr: user.id, tolock: true }, admin);
    const locked = Date.now();
    await until(async () => (await session(user.token, nodeB.app)).statusCode === 401, 2_000);
    expect(Date.now() - locked).toBeLessThan(2_000);
  });

  it('is off while its listener is lost, and on again, empty, when it is back', async () => {
    const user = await newUser();
    expect((await session(user.token)).statusCode).toBe(200);
    const { rows } = await byHand(
      `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
       WHERE application_name = $1 AND datname = current_database()`,
      [SESSIONS_LISTENER_NAME],
    );
    // Node A's and node B's listeners.
    expect(rows).toHaveLength(2);
    await until(() => !cache().isOn(), 2_000);
    expect(cache().size).toBe(0);
    await byHand('UPDATE core.users SET active = false WHERE id = $1', [user.id]);
    expect((await session(user.token)).statusCode).toBe(401);
    await until(() => cache().isOn(), 5_000);
    await byHand('UPDATE core.users SET active = true WHERE id = $1', [user.id]);
    await until(async () => (await session(user.token)).statusCode === 200, 2_000);
    await session(user.token);
    expect(cache().size).toBeGreaterThan(0);
  });

  it('is notified of an update of every column the session reads, and only of those', async () => {
    const read = new Map<string, Set<string>>();
    const queries = [
      selectUserWithCompany(t.database.db).where('u.id', '=', 1).compile(),
      selectRegisteredClient(t.database.db).where('c.clientid', '=', 'x').compile(),
    ];
    for (const { sql: text } of queries) {
      const tables = new Map(
        [...text.matchAll(/"core"\."(\w+)" as "(\w+)"/g)].map(([, table, alias]) => [alias, table]),
      );
      for (const [, alias, column] of text.matchAll(/"(\w+)"\."(\w+)"/g)) {
        const table = tables.get(alias);
        if (table) read.set(table, (read.get(table) ?? new Set()).add(column));
      }
    }
    const { rows } = await byHand(
      `SELECT c.relname AS table,
              ARRAY(SELECT attname FROM pg_attribute
                    WHERE attrelid = t.tgrelid AND attnum = ANY (t.tgattr))::text[] AS columns
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE t.tgname = 'session_notify'`,
    );
    const notified = new Map(rows.map((row) => [row.table as string, row.columns as string[]]));
    expect([...read.keys()].sort()).toEqual(['companies', 'identity_clients', 'projects', 'users']);
    for (const [table, columns] of read) {
      expect(notified.get(table), table).toEqual(expect.arrayContaining([...columns]));
    }
    // A column the session does not read (a sign-in's failure count) notifies nobody.
    const user = await newUser();
    const listener = new pg.Client({ connectionString: t.database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', ({ payload }) => heard.push(payload ?? ''));
    await listener.query('LISTEN flota_sessions');
    try {
      await byHand('UPDATE core.users SET failed_logins = 1 WHERE id = $1', [user.id]);
      await byHand(`UPDATE core.companies SET phone = phone WHERE id = $1`, [1]);
      await byHand(`UPDATE core.users SET active = false WHERE id = $1`, [user.id]);
      await until(() => heard.length > 0, 2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['users']);
    } finally {
      await listener.end();
    }
  });

  it('gives up a connection that falls silent, and listens again once it can', async () => {
    // A proxy to the database that can stop passing bytes without closing anything, as a
    // firewall that drops a connection does.
    let silent = false;
    const sockets: net.Socket[] = [];
    const target = new URL(t.database.url);
    const proxy = net.createServer((socket) => {
      // The embedded server may be reached by its socket directory (`?host=`).
      const socketDir = target.searchParams.get('host');
      const upstream = socketDir
        ? net.connect(`${socketDir}/.s.PGSQL.${target.port}`)
        : net.connect(Number(target.port), target.hostname);
      sockets.push(socket, upstream);
      socket.on('data', (data) => silent || upstream.write(data));
      upstream.on('data', (data) => silent || socket.write(data));
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
      socket.on('close', () => upstream.destroy());
      upstream.on('close', () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new URL(t.database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String((proxy.address() as net.AddressInfo).port);
    proxied.searchParams.delete('host');
    const watched = new SessionCache();
    const listener = listenForSessions(proxied.toString(), watched, () => {}, {
      everyMs: 100,
      timeoutMs: 300,
    });
    try {
      await until(() => watched.isOn(), 2_000);
      silent = true;
      await until(() => !watched.isOn(), 2_000);
      silent = false;
      await until(() => watched.isOn(), 5_000);
    } finally {
      await listener.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  it('keeps nothing when its listener cannot connect', async () => {
    const offline = new SessionCache();
    const listener = listenForSessions('postgres://nobody@127.0.0.1:1/none', offline);
    try {
      let reads = 0;
      for (let i = 0; i < 3; i++) await offline.read('user:1', async () => ++reads);
      expect(reads).toBe(3);
      expect(offline.isOn()).toBe(false);
    } finally {
      await listener.close();
    }
  });
});
