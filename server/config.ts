import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);
const seconds = z.coerce.number().int().min(10).max(86_400);
/**
 * A comma-separated list of http(s) origins (`https://host[:port]`, no path), as their
 * normalised `URL.origin`s without duplicates; empty: none.
 */
const originList = z.string().transform((text, ctx) => {
  const origins = new Set<string>();
  for (const item of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const url = URL.canParse(item) ? new URL(item) : null;
    const plain = url && !url.username && !url.password && !url.search && !url.hash;
    if (!url || !plain || !['http:', 'https:'].includes(url.protocol) || url.pathname !== '/') {
      ctx.addIssue({
        code: 'custom',
        message: `${item} is not an http(s) origin (scheme://host[:port])`,
      });
      continue;
    }
    origins.add(url.origin);
  }
  return [...origins];
});
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');
/** proxy-addr's names for address ranges, accepted in TRUST_PROXY's list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
/**
 * The reverse proxies whose X-Forwarded-For gives the client's address, in Fastify's
 * `trustProxy` form: false (none, the default) or their addresses, CIDRs and range names.
 * `true` means proxies on this machine or a private network (the three range names), never
 * Fastify's `true` (every hop), with which a client could name any address it likes.
 */
const trustProxy = z.string().transform((text, ctx): false | string[] => {
  const value = text.trim().toLowerCase();
  if (['false', 'no', '0'].includes(value)) return false;
  if (['true', 'yes', '1'].includes(value)) return PROXY_RANGE_NAMES;
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const validPrefix = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (!PROXY_RANGE_NAMES.includes(entry) && (!family || !validPrefix || rest.length)) {
      ctx.addIssue({
        code: 'custom',
        message: `${entry} is not true, false, an address, a CIDR or one of ${PROXY_RANGE_NAMES.join(', ')}`,
      });
    }
  }
  return entries.length ? entries : false;
});

/** Every environment variable Flota reads, with its default (the README's table mirrors this). */
const schema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /**
   * With DATABASE_URL: an administrative role's connection (CREATEROLE), used only to create and
   * alter the per-project roles of the SQL sandbox (docs/operations.md).
   */
  DATABASE_ADMIN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  EMBEDDED_PG_PORT: port.optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('flota-console'),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL: seconds.default(3600),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Flota <flota@localhost>'),
  FLAVOUR: z.enum(['cloud', 'manager']).default('cloud'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(1024 * 1024),
  /**
   * Connections one project's PostgreSQL role may hold in the whole cluster (the SQL people
   * write): each node keeps up to 2 per project, so several nodes need 2 per node.
   */
  PROJECT_SQL_CONNECTIONS: z.coerce.number().int().min(2).max(100).default(4),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /** At most the 15-minute rate window: a flood cannot keep the owner out for longer. */
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).max(15).default(15),
  /** Password and code attempts per login name per 15 minutes (server/identity/limits.ts). */
  LOGIN_RATE_PER_ACCOUNT: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Password and code attempts per client address (an IPv6 /64) per 15 minutes. */
  LOGIN_RATE_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(100),
  /** The reverse proxies whose X-Forwarded-For gives the client's address (see trustProxy). */
  TRUST_PROXY: trustProxy.default(false),
  DEMO_SEED: bool.default(true),
  /**
   * The demo seed also makes MDM policies and enrolment tokens (server/mdm/demo.ts), with which
   * the simulator's managed devices enrol; the tests' fresh databases leave them out.
   */
  DEMO_MDM: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CONSOLE_DIR: z.string().min(1).default('dist'),
  DEVICE_CHECKIN_SECONDS: z.coerce.number().int().min(10).max(86_400).default(60),
  SIMULATOR: bool.default(true),
  SIMULATOR_DEVICES: z.coerce.number().int().min(0).max(100_000).default(200),
  /**
   * Where received files (help-desk uploads) are kept (server/files): `local`, this node's
   * DATA_DIR; `postgres`, the database every node shares. Unset: `postgres` with REDIS_URL (the
   * sign of several nodes), `local` otherwise.
   */
  FILE_STORE: z.enum(['local', 'postgres']).optional(),
  /** Largest help-desk file a device may upload, in MiB (server/helpdesk). */
  HELPDESK_MAX_UPLOAD_MB: z.coerce.number().int().min(1).max(1024).default(20),
  /** Largest APK the simple kiosk takes (POST /api/UploadFile), in MB (docs/kiosk.md). */
  KIOSK_MAX_APK_MB: z.coerce.number().int().min(1).max(2048).default(200),
  /**
   * Which Android Management API binds an Android enterprise (server/mdm/amapi.ts, docs/mdm.md):
   * `standin`, the local stand-in with AMAPI's interface (no internet needed). Google's endpoint
   * with a service account is the other connector of that interface, to be added here.
   */
  AMAPI_CONNECTOR: z.enum(['standin']).default('standin'),
  /**
   * Seconds a request body may stop arriving before the request is answered 408 and its
   * connection closed (server/body-timeout.ts).
   */
  BODY_IDLE_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** Seconds the whole of a request (headers and body) may take to arrive. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(10).max(86_400).default(900),
  /** Seconds a device has to answer a command before it is marked 'timeout'. */
  DEVICE_COMMAND_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** redis://… of the bus shared by several server nodes; unset: the in-process bus. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  /** Bearer token of GET /metrics; unset, /metrics answers only the node's own machine. */
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  /** Prefix of the bus's Redis channels, so several installations can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(100).default('flota:'),
  /**
   * Tile URL template of the console's maps ({z}/{x}/{y}, e.g. an internal tile server); empty:
   * maps show the marker on a plain background and never fetch tiles from the internet.
   */
  MAP_TILE_URL: z.string().max(500).default(''),
  /**
   * STUN/TURN servers of live video (RTCIceServer[] as JSON, docs/operations.md); empty: host
   * candidates only, which is enough on one network.
   */
  ICE_SERVERS: z
    .string()
    .default('[]')
    .transform((text, ctx) => {
      const entry = z.object({
        urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
        username: z.string().optional(),
        credential: z.string().optional(),
      });
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = null;
      }
      const parsed = z.array(entry).max(10).safeParse(value);
      if (parsed.success) return parsed.data;
      ctx.addIssue({
        code: 'custom',
        message: 'must be a JSON array of {urls, username?, credential?}',
      });
      return z.NEVER;
    }),
  /** Most device panels the live monitoring grid shows at once. */
  LIVE_MAX_PANELS: z.coerce.number().int().min(1).max(64).default(16),
  /** A JSON file of resource schema overrides (docs/resources.md), read once at start. */
  RESOURCE_OVERRIDES: z.string().min(1).optional(),
  /**
   * Console origins of other Flota servers that may call this server's API from the browser
   * (CORS) and sign in to its embedded provider with client `xmanager` (external environments).
   */
  TRUSTED_ORIGINS: originList.default([]),
  /** Minutes between runs of the purge of projects marked deleted long enough ago. */
  PURGE_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
  /** Seconds between looks for bots that are due (server/bots/schedule.ts, docs/bots.md). */
  BOTS_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  /**
   * `true`: bots' webhooks may call private addresses (loopback, link-local, private networks);
   * refused otherwise, so a bot cannot reach the server's own network (docs/bots.md).
   */
  BOTS_WEBHOOK_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  /** Days the resource engine's revisions are kept (docs/resources.md, "Revisions"). */
  REVISIONS_KEEP_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  /**
   * The key that seals stored secrets (certificates, API client secrets): 32 bytes in base64.
   * Unset: DATA_DIR/secrets.key, created at the first start (server/secrets/box.ts, docs/operations.md).
   */
  SECRETS_KEY: z
    .string()
    .refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
    .optional(),
});

export type RawConfig = z.infer<typeof schema>;

export interface Config extends RawConfig {
  PUBLIC_URL: string;
  DATA_DIR: string;
  FILE_STORE: 'local' | 'postgres';
  /** The issuer whose access tokens the API accepts: the embedded provider unless OIDC_ISSUER. */
  issuer: string;
  embeddedIssuer: boolean;
  /** The audience of access tokens for the API. */
  audience: string;
}

export class ConfigError extends Error {}

/** Reads and validates the configuration; throws ConfigError with one line per bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}=${String(present[String(issue.path[0])] ?? '')}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const raw = parsed.data;
  const publicUrl = (raw.PUBLIC_URL ?? `http://${raw.HOST}:${raw.PORT}`).replace(/\/$/, '');
  const embeddedIssuer = !raw.OIDC_ISSUER;
  return {
    ...raw,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.resolve(raw.DATA_DIR),
    FILE_STORE: raw.FILE_STORE ?? (raw.REDIS_URL ? 'postgres' : 'local'),
    issuer: raw.OIDC_ISSUER ?? `${publicUrl}/oidc`,
    embeddedIssuer,
    audience: raw.OIDC_AUDIENCE ?? (embeddedIssuer ? `${publicUrl}/api` : raw.OIDC_CLIENT_ID),
  };
}
