import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from './config';
import type { Db } from './db/database';
import { poolOf, sessionCacheOf } from './db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The node's Prometheus metrics (server/metrics.ts). */
    metrics: Metrics;
  }
}

/**
 * The node's Prometheus metrics (docs/operations.md, "Metrics"), one registry per app so that
 * tests building several apps in one process keep them apart.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requestSeconds = new Histogram({
    name: 'flota_request_seconds',
    help: 'Time to answer a request, by route (services calls by operation) and status class',
    labelNames: ['route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly checkins = new Counter({
    name: 'flota_device_checkins_total',
    help: 'Device check-ins answered',
    registers: [this.registry],
  });
  readonly commands = new Counter({
    name: 'flota_commands_total',
    help: 'Commands and pushes by the state they reached on this node',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });
  readonly busErrors = new Counter({
    name: 'flota_bus_errors_total',
    help: 'Failures of the bus between nodes (Redis)',
    registers: [this.registry],
  });
  readonly databaseErrors = new Counter({
    name: 'flota_database_unavailable_total',
    help: 'Requests answered 503 because the database was not there',
    registers: [this.registry],
  });

  constructor(db: Db, connectedDevices: () => number) {
    collectDefaultMetrics({ register: this.registry, prefix: 'flota_' });
    const pool = poolOf(db);
    const sessions = sessionCacheOf(db)?.cache;
    new Gauge({
      name: 'flota_devices_connected',
      help: 'Device WebSockets held by this node',
      registers: [this.registry],
      collect() {
        this.set(connectedDevices());
      },
    });
    new Gauge({
      name: 'flota_db_pool_connections',
      help: 'Connections of the application pool, by state',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        if (!pool) return;
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'flota_session_cache',
      help: "The session users' cache: on (1, its listener connected) or off (0), and rows kept",
      labelNames: ['what'] as const,
      registers: [this.registry],
      collect() {
        if (!sessions) return;
        this.set({ what: 'on' }, sessions.isOn() ? 1 : 0);
        this.set({ what: 'rows' }, sessions.size);
      },
    });
    new Counter({
      name: 'flota_session_reads_total',
      help: "Reads of a session's rows, from the cache (hit) or the database (miss)",
      labelNames: ['result'] as const,
      registers: [this.registry],
      collect() {
        if (!sessions) return;
        this.reset();
        this.inc({ result: 'hit' }, sessions.reads.hit);
        this.inc({ result: 'miss' }, sessions.reads.miss);
      },
    });
  }
}

/** A services call is named by its operation (a registered name only: bounded label values). */
function routeOf(request: FastifyRequest, operations: ReadonlySet<string>): string {
  const route = request.routeOptions.url ?? 'unmatched';
  if (route !== '/api/services') return route;
  const operation = (request.body as { operation?: unknown } | null)?.operation;
  return typeof operation === 'string' && operations.has(operation)
    ? `services:${operation}`
    : 'services:unknown';
}

const isLoopback = (address: string) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * Times every request and serves GET /metrics: to anyone with `Authorization: Bearer
 * <METRICS_TOKEN>`, or without a token set to the node's own machine only (a scraper beside it),
 * never to a request a proxy relayed (a balancer on the same machine connects from it too).
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  config: Config,
  operations: ReadonlySet<string>,
): void {
  app.addHook('onResponse', async (request, reply) => {
    const status = `${Math.floor(reply.statusCode / 100)}xx`;
    metrics.requestSeconds.observe(
      { route: routeOf(request, operations), status },
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', async (request, reply) => {
    const token = config.METRICS_TOKEN;
    const allowed = token
      ? request.headers.authorization === `Bearer ${token}`
      : isLoopback(request.socket.remoteAddress ?? '') &&
        request.headers['x-forwarded-for'] === undefined &&
        request.headers.forwarded === undefined;
    if (!allowed) return reply.code(403).send({ status: 'forbidden' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
