import { afterAll, beforeAll, expect, it } from 'vitest';
import { sessionCacheOf } from '../../server/db/database';
import { buildTestApp, type TestApp } from '../support/app';
import { until } from '../support/command-agent';

// What an operator's Prometheus and balancer read: /metrics (from the machine itself, or with
// METRICS_TOKEN) and /readyz.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ METRICS_TOKEN: 'a-token-of-sixteen-chars' });
});
afterAll(async () => t?.close());

const scrape = (authorization?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization ? { authorization } : {},
  });

it('counts services calls by operation, and device gauges and pool use', async () => {
  // The session users' cache is on once its listener has connected (as the app starts).
  await until(() => sessionCacheOf(t.database.db)!.cache.isOn());
  const admin = await t.tokenFor('admin');
  await t.call('session', {}, admin);
  await t.call('menu', {}, admin);
  await t.call('no-such-operation', {}, admin);
  const metrics = await scrape('Bearer a-token-of-sixteen-chars');
  expect(metrics.statusCode).toBe(200);
  expect(metrics.body).toMatch(
    /flota_request_seconds_count\{route="services:session",status="2xx"\} 1/,
  );
  expect(metrics.body).toMatch(
    /flota_request_seconds_count\{route="services:unknown",status="2xx"\} 1/,
  );
  expect(metrics.body).toMatch(/flota_devices_connected 0/);
  expect(metrics.body).toMatch(/flota_db_pool_connections\{state="total"\} \d+/);
  expect(metrics.body).toContain('flota_process_resident_memory_bytes');
  // The admin's calls after the first were answered from the session users' cache.
  expect(metrics.body).toMatch(/flota_session_cache\{what="on"\} 1/);
  expect(metrics.body).toMatch(/flota_session_cache\{what="rows"\} [1-9]/);
  expect(
    Number(/flota_session_reads_total\{result="hit"\} (\d+)/.exec(metrics.body)?.[1]),
  ).toBeGreaterThan(0);
});

it('refuses /metrics without the token', async () => {
  expect((await scrape()).statusCode).toBe(403);
  expect((await scrape('Bearer wrong-token-wrong-token')).statusCode).toBe(403);
});

it('says it is ready when the database, the bus and the files are', async () => {
  const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
  expect(ready.statusCode).toBe(200);
  expect(ready.json()).toEqual({
    status: 'ready',
    checks: { database: 'ok', bus: 'ok', files: 'ok' },
  });
});

it('without a token, serves /metrics to its own machine but not through a proxy there', async () => {
  const open = await buildTestApp();
  try {
    const from = (headers: Record<string, string>) =>
      open.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });
    expect((await from({})).statusCode).toBe(200);
    // A balancer on the same machine connects from 127.0.0.1 too, for anyone it relays.
    expect((await from({ 'x-forwarded-for': '192.0.2.2' })).statusCode).toBe(403);
    expect((await from({ forwarded: 'for=192.0.2.2' })).statusCode).toBe(403);
  } finally {
    await open.close();
  }
});
