import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { ErrorCode, errorResponse } from '../protocol/envelope';
import { createTokenVerifier } from './auth';
import type { Config } from './config';
import { registerApiCors } from './cors';
import { sessionCacheOf, type Db } from './db/database';
import { isDatabaseUnavailable, isValueRefused } from './db/errors';
import { RepeatedError } from './repeated-error';
import { Metrics, registerMetrics } from './metrics';
import type { SqlSandbox } from './db/sandbox';
import { registerCommands } from './commands/index';
import { registerDeviceApi } from './device/index';
import { registerLive } from './live/index';
import { registerReplication } from './replication/route';
import { registerProvisioning } from './provisioning/device-routes';
import { registerHelpdeskDownload } from './helpdesk/download-route';
import { registerCertificateUpload } from './organization/upload-route';
import { registerProjectFiles } from './project-files/routes';
import { registerKiosk } from './kiosk/routes';
import { registerAmapiStandin } from './mdm/routes';
import { registerMdmDeviceApi } from './mdm/device-routes';
import { registerUpdateFiles } from './updates/routes';
import { registerFrameworkFiles } from './frameworks/routes';
import { registerIdentity } from './identity/index';
import { languageOf, message } from './messages';
import { schedulePurge, type PurgeSchedule } from './projects/purge';
import { scheduleBots, type BotSchedule } from './bots/schedule';
import { resourcesFor, type Resources } from './resources/index';
import { LiveOverrides } from './resources/live-overrides';
import { customCatalogue } from './engine/custom/catalogue';
import { pageAnchors } from './engine/page-anchors';
import { createRegistry } from './services/index';
import { frameworkErrors } from './framework-errors';
import { registerServices } from './services/route';
import { registerOpenApi } from './rest/openapi';
import { registerRestApi } from './rest/routes';
import { registerDataService } from './data-service/routes';
import { registerSecurityHeaders } from './security-headers';
import { answerClientError, registerBodyTimeout } from './body-timeout';
import { registerCompression } from './compression';
import { registerConsoleFiles } from './console-files';
import { fileStore } from './files';
import { listenForSessions } from './session-listener';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Per-project PostgreSQL roles for the SQL a person writes (server/db/sandbox.ts). */
  sandbox: SqlSandbox;
}

function consoleVersion(consoleDir: string): string {
  try {
    const file = path.join(consoleDir, 'version.json');
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'dev';
  }
}

function registerErrorHandlers(
  app: FastifyInstance,
  config: Config,
  consoleDir: string | null,
): void {
  const databaseDown = new RepeatedError('the database is unavailable');
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = languageOf(request.headers['accept-language']);
    const known = error.code ? frameworkErrors[error.code] : undefined;
    if (known) {
      const text = message(language, known.key, { limit: config.BODY_LIMIT });
      const code = known.status === 413 ? ErrorCode.tooLarge : ErrorCode.invalid;
      return reply.code(known.status).send(errorResponse(code, text));
    }
    if (error.statusCode && error.statusCode < 500) {
      return reply
        .code(error.statusCode)
        .send(errorResponse(ErrorCode.invalid, message(language, 'badRequest')));
    }
    if (isValueRefused(error)) {
      // A value no schema foresaw and PostgreSQL did not take (server/db/errors.ts).
      request.log.warn({ err: error }, 'request refused: value not stored');
      return reply
        .code(400)
        .send(errorResponse(ErrorCode.invalid, message(language, 'valueRefused')));
    }
    if (isDatabaseUnavailable(error)) {
      databaseDown.report(request.log, error);
      app.metrics?.databaseErrors.inc();
      const text = message(language, 'databaseUnavailable');
      return reply.code(503).send(errorResponse(ErrorCode.internal, text));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorResponse(ErrorCode.internal, message(language, 'internal')));
  });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = /^\/(api|oidc|healthz|readyz|metrics)(\/|$)/.test(url);
    if (consoleDir && request.method === 'GET' && !isApi && !path.extname(url)) {
      return reply.type('text/html').sendFile('index.html');
    }
    const text = message(languageOf(request.headers['accept-language']), 'notFound', { url });
    return reply.code(404).send(errorResponse(ErrorCode.invalid, text));
  });
}

/**
 * The purge of projects marked deleted (server/projects/purge.ts) runs on a server that listens,
 * every PURGE_INTERVAL_MINUTES: an app built for tests (app.inject) never purges on its own.
 */
function registerPurgeSchedule(app: FastifyInstance, { config, db, sandbox }: AppDeps): void {
  let schedule: PurgeSchedule | null = null;
  app.addHook('onListen', async () => {
    schedule ??= schedulePurge({
      db,
      sandbox,
      log: app.log,
      intervalMs: config.PURGE_INTERVAL_MINUTES * 60_000,
      revisionDays: config.REVISIONS_KEEP_DAYS,
    });
  });
  app.addHook('preClose', async () => {
    await schedule?.stop();
  });
}

/** The bots (server/bots/) are looked at on a server that listens, every BOTS_INTERVAL_SECONDS. */
function registerBotSchedule(app: FastifyInstance, { config, db, sandbox }: AppDeps): void {
  let schedule: BotSchedule | null = null;
  app.addHook('onListen', async () => {
    schedule ??= scheduleBots(
      { db, sandbox, config, log: app.log },
      config.BOTS_INTERVAL_SECONDS * 1000,
    );
  });
  app.addHook('preClose', async () => {
    await schedule?.stop();
  });
}

/**
 * Resource overrides saved from the console (docs/resources.md) are read from the database and
 * re-read on every node when one is saved: the bus says which company's changed.
 */
async function listenForOverrides(app: FastifyInstance, resources: Resources, db: Db) {
  const live = new LiveOverrides(db);
  resources.live = live;
  await live.listen(app.bus);
  // Custom entities and fields (issue 34) are announced the same way.
  const customs = customCatalogue(db);
  await customs.listen(app.bus);
  // Another node's writes of a custom entity: its deep pages' anchors are stale here too.
  const anchors = pageAnchors(db);
  await anchors.listen(app.bus);
  app.addHook('onClose', async () => {
    await live.close();
    await customs.close();
    await anchors.close();
    if (resources.live === live) resources.live = null;
  });
}

/**
 * The session rows' cache of this node (server/session-cache.ts) is on while its connection
 * listens for PostgreSQL's notifications of the session's tables; closed with the app.
 */
function registerSessionListener(app: FastifyInstance, db: Db): void {
  const sessions = sessionCacheOf(db);
  if (!sessions) return;
  const lost = new RepeatedError('the session notifications connection failed', 'warn');
  const listener = listenForSessions(sessions.url, sessions.cache, (error) =>
    lost.report(app.log, error),
  );
  app.addHook('onClose', () => listener.close());
}

/** Builds the whole server without listening, so tests call it with `app.inject`. */
export async function buildApp({ config, db, sandbox }: AppDeps): Promise<FastifyInstance> {
  // The resource overrides are read first: a bad file stops the start with its message.
  const resources = resourcesFor(config);
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT,
    // request.ip from X-Forwarded-For only for the proxies TRUST_PROXY names (sign-in rate limits).
    trustProxy: config.TRUST_PROXY,
    // The whole request must arrive in this time; a stalled body sooner (server/body-timeout.ts).
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    clientErrorHandler: answerClientError,
    // One line per request is noise at info level; debug and trace show them.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  });
  app.decorate('resources', resources);
  const consoleDir = path.resolve(config.CONSOLE_DIR);
  const hasConsole = fs.existsSync(path.join(consoleDir, 'index.html'));
  registerErrorHandlers(app, config, hasConsole ? consoleDir : null);
  registerApiCors(app, config);
  registerSecurityHeaders(app, config);
  await registerCompression(app);
  registerBodyTimeout(app, config);
  registerPurgeSchedule(app, { config, db, sandbox });
  registerBotSchedule(app, { config, db, sandbox });
  // Before the routes, so that every request is timed; the device count is read when scraped.
  const registry = createRegistry();
  app.decorate('metrics', new Metrics(db, () => app.devices?.connectedCount() ?? 0));
  registerMetrics(app, app.metrics, config, new Set(registry.names()));

  let localJwks: JSONWebKeySet | undefined;
  if (config.embeddedIssuer) localJwks = (await registerIdentity(app, { config, db })).publicJwks;
  const verifyToken = createTokenVerifier(config, localJwks);
  registerServices(app, { config, db, sandbox, registry, verifyToken });
  registerRestApi(app, { config, db, sandbox, registry, verifyToken });
  await registerDataService(app, { config, db, sandbox, registry, verifyToken });
  registerOpenApi(app, { config, db, sandbox, registry, verifyToken });
  registerHelpdeskDownload(app, { config, db, sandbox, verifyToken });
  await registerCertificateUpload(app, { config, db, sandbox, registry, verifyToken });
  await registerProjectFiles(app, { config, db, sandbox, registry, verifyToken });
  await registerKiosk(app, { config, db, sandbox, registry, verifyToken });
  await registerUpdateFiles(app, { config, db, sandbox, registry, verifyToken });
  await registerFrameworkFiles(app, { config, db, sandbox, registry, verifyToken });
  registerAmapiStandin(app, { config, db });
  await registerDeviceApi(app, { config, db });
  registerMdmDeviceApi(app, { config, db });
  await registerLive(app, { config, db, sandbox, verifyToken });
  registerReplication(app, { db, sandbox });
  registerProvisioning(app, { config, db, sandbox });
  await listenForOverrides(app, resources, db);
  await registerCommands(app, { config, db, sandbox, registry, verifyToken });
  registerSessionListener(app, db);

  app.get('/healthz', async (_request, reply) => {
    try {
      await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
      return { status: 'ok' };
    } catch {
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
  // Ready to serve: what a request may need answers (a balancer takes the node out otherwise).
  app.get('/readyz', async (_request, reply) => {
    const checks = {
      database: await db
        .selectNoFrom((eb) => eb.val(1).as('one'))
        .execute()
        .then(() => 'ok')
        .catch(() => 'unavailable'),
      bus: app.bus.isReady() ? 'ok' : 'unavailable',
      // The file store: the shared tables with FILE_STORE=postgres, else a writable DATA_DIR.
      files: await (
        config.FILE_STORE === 'postgres'
          ? fileStore(config, db).stat('readyz')
          : fs.promises.access(config.DATA_DIR, fs.constants.W_OK)
      )
        .then(() => 'ok')
        .catch(() => 'unavailable'),
    };
    const ready = Object.values(checks).every((check) => check === 'ok');
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
  });
  const version = consoleVersion(consoleDir);
  app.get('/api/version', async () => ({ version: consoleVersion(consoleDir) }));
  app.get('/api/config', async () => ({
    issuer: config.issuer,
    clientId: config.OIDC_CLIENT_ID,
    flavour: config.FLAVOUR,
    version,
    scope: 'openid profile email offline_access',
    mapTileUrl: config.MAP_TILE_URL,
  }));

  if (hasConsole) await registerConsoleFiles(app, consoleDir);
  return app;
}
