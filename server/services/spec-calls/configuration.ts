import { z } from 'zod';
import { defineOperation, type OperationContext } from '../registry';
import { specRefusal } from './texts';

/** What each configuration type tells a client written from the specification. */
const CONFIGURATIONS = {
  /** The identity settings file (000 §7): where and how to sign in. */
  identity: ({ config }: OperationContext) => ({
    authority: config.issuer,
    client_id: config.OIDC_CLIENT_ID,
    scope: 'openid profile email offline_access',
    response_type: 'code',
    audience: config.audience,
  }),
  /** The console's own settings (what `GET /api/config` answers before sign-in). */
  console: ({ config }: OperationContext) => ({
    flavour: config.FLAVOUR,
    services: `${config.PUBLIC_URL}/api/services`,
    rest: `${config.PUBLIC_URL}/api/rest`,
    mapTileUrl: config.MAP_TILE_URL,
  }),
  /** Where devices and kiosks talk to this server (docs/device-protocol.md). */
  devices: (ctx: OperationContext) => deviceUrls(ctx),
};

type ConfigurationType = keyof typeof CONFIGURATIONS;
const TYPES = Object.keys(CONFIGURATIONS) as ConfigurationType[];

/** The device API's addresses on this server: its base, log upload and file download. */
export function deviceUrls({ config }: Pick<OperationContext, 'config'>) {
  const base = `${config.PUBLIC_URL}/api/device/v1`;
  return { server: base, logRecorder: `${base}/files`, directDownload: `${base}/updates` };
}

/**
 * `config` {type, language} (002 §7 "Config"): one of the configurations a client loads, in the
 * language asked (the caller's otherwise), which the answer names.
 */
export const configuration = defineOperation({
  name: 'config',
  parameter: z.object({
    type: z.string().trim().min(1).max(50),
    language: z.enum(['es', 'en']).optional(),
  }),
  permission: 'user',
  async handler({ type, language }, ctx) {
    if (!TYPES.includes(type as ConfigurationType)) {
      const reader = language ? { language } : ctx.user;
      throw specRefusal(reader, 'unknownConfig', { type, types: TYPES.join(', ') });
    }
    return {
      type,
      language: language ?? (ctx.user.language === 'en' ? 'en' : 'es'),
      values: CONFIGURATIONS[type as ConfigurationType](ctx),
    };
  },
});

/** `kioskServer` {} (002 §7 "Kiosk … server"): the address kiosks talk to. */
export const kioskServer = defineOperation({
  name: 'kioskServer',
  parameter: z.object({}),
  permission: 'user',
  handler: async (_parameter, ctx) => deviceUrls(ctx).server,
});

/** `logRecorderUrl` {} (002 §7): where a device posts its log and help-desk files. */
export const logRecorderUrl = defineOperation({
  name: 'logRecorderUrl',
  parameter: z.object({}),
  permission: 'user',
  handler: async (_parameter, ctx) => deviceUrls(ctx).logRecorder,
});

/** `directDownloadUrl` {} (002 §7): where a device downloads what is published for it. */
export const directDownloadUrl = defineOperation({
  name: 'directDownloadUrl',
  parameter: z.object({}),
  permission: 'user',
  handler: async (_parameter, ctx) => deviceUrls(ctx).directDownload,
});
