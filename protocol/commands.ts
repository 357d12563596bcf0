import { z } from 'zod';

/**
 * Remote commands (specification 001 §3 "Device command", §9 "Commands supported"): their wire
 * names, the parameters each takes, and the outcome states of the command history. Shared by
 * the server (server/commands/), the console and the simulator.
 */
/** The premium kiosk's commands (002 §7 "Premium commands"), besides install, uninstall, policy. */
export const KIOSK_COMMANDS = [
  'setKioskConfigurationPassword',
  'setPassword',
  'setPasswordPolicies',
  'setLaunchOnBoot',
  'addWifiNetwork',
  'getApplicationList',
  'hide',
  'show',
  'invert-policy',
  'change-policy',
] as const;

export const COMMANDS = [
  'lock',
  'wipe',
  'password',
  'policy',
  'mobiledata',
  'wifi',
  'camera',
  'playstore',
  'settings',
  'alarm',
  'install',
  'uninstall',
  'replicator',
  'logs',
  'database',
  'ping',
  'toast',
  'notification',
  'statusbar',
  'reboot',
  'gps',
  'info',
  // The premium kiosk's commands (002 §7 "Premium commands"), sent by its state transitions.
  ...KIOSK_COMMANDS,
  'clearappdata',
  'lostmode',
  'relinquish',
] as const;
export type CommandName = (typeof COMMANDS)[number];

/**
 * The commands only the MDM device page sends (docs/mdm.md "Commands": AMAPI's CLEAR_APP_DATA,
 * START/STOP_LOST_MODE, RELINQUISH_OWNERSHIP), not offered by the device list's menu.
 */
export const MDM_ONLY_COMMANDS: readonly CommandName[] = ['clearappdata', 'lostmode', 'relinquish'];

export function isCommandName(value: string): value is CommandName {
  return (COMMANDS as readonly string[]).includes(value);
}

/**
 * Outcome of one command for one device, as the history keeps it:
 * - `created`: the row is written, the message not handed over yet (a moment, or a node that
 *   died in between; the timeout ends it);
 * - `offline`: the device was offline, nothing was sent (001 §4; pushes, and rows written before
 *   commands were queued);
 * - `pending`: the device was offline; the command waits in the queue for it to connect
 *   (docs/device-protocol.md, "Queued commands");
 * - `sent`: handed to the device's socket or to the bus (SENT is that date);
 * - `confirmed`: the device acknowledged it (CONFIRMED);
 * - `executed` / `failed`: the device's result said ok / not ok (RESULT, ERRORDATE, ERRORDESC);
 * - `timeout`: no result within DEVICE_COMMAND_TIMEOUT_SECONDS;
 * - `expired`: still queued (or sent and never acknowledged) when its expiry came;
 * - `cancelled`: cancelled from the console while pending.
 */
export const COMMAND_STATES = [
  'created',
  'offline',
  'sent',
  'confirmed',
  'executed',
  'failed',
  'timeout',
  'pending',
  'expired',
  'cancelled',
] as const;
export type CommandState = (typeof COMMAND_STATES)[number];

/** States after which nothing more is awaited (a late result may still turn `timeout`). */
export const FINAL_STATES: readonly CommandState[] = [
  'offline',
  'executed',
  'failed',
  'timeout',
  'expired',
  'cancelled',
];

/**
 * How long a command for an offline device waits in the queue, in hours: chosen when sending
 * (`expiry`), 7 days unless said otherwise, at most 30 days.
 */
export const QUEUE_EXPIRY_HOURS = { default: 168, max: 720, choices: [1, 24, 168, 720] } as const;

/** Where a command came from: the services endpoint, the MDM endpoint, a push, or a bot. */
export type CommandSource = 'console' | 'mdm' | 'push' | 'bot';

/**
 * Keys of the validation messages the server translates (es/en); zod issues carry the key as
 * their message. 001 §5: an empty password removes it, otherwise at least 4 digits, digits only.
 */
export const CommandIssue = {
  passwordShort: 'passwordShort',
  passwordDigits: 'passwordDigits',
  packageMissing: 'packageMissing',
} as const;

const text = (max: number) => z.string().max(max);

/** Every command takes these besides its own fields. */
const common = {
  /** 001 §3 `serverScale`: kept for compatibility, carried to the device as sent. */
  serverScale: z.number().optional(),
  /**
   * Failure injection for tests and demos: a simulated device answers `fail` with a failed
   * result and `timeout` with no result at all. Real agents ignore it.
   */
  simulateFailure: z.enum(['fail', 'timeout']).optional(),
};

const none = z.strictObject(common);
const toggle = z.strictObject({ ...common, enabled: z.boolean() });
/**
 * The longest message each command shows on the device: a toast is a line or two over the
 * screen, a lock message sits on the lock screen; the console shows the count against it.
 */
export const MESSAGE_MAX = { toast: 200, notification: 500, lock: 200, alarm: 500 } as const;

const messageOf = (max: number) =>
  z.strictObject({ ...common, message: text(max).min(1), title: text(200).optional() });
const packages = z
  .strictObject({
    ...common,
    packageName: text(255).min(1).optional(),
    packageNameArray: z.array(text(255).min(1)).min(1).max(100).optional(),
    appName: text(200).optional(),
    // The premium kiosk's install (002 §7): from a signed link, resumed, hidden when not visible.
    url: text(2000).optional(),
    method: z.enum(['urlDownload']).optional(),
    resume: z.boolean().optional(),
    hidden: z.boolean().optional(),
    ids: z.boolean().optional(),
    checksum: text(64).optional(),
    versionCode: z.number().int().nullable().optional(),
  })
  .refine((value) => value.packageName || value.packageNameArray, {
    message: CommandIssue.packageMissing,
    path: ['packageName'],
  });

export const passwordSchema = z
  .string()
  .max(64)
  .refine((value) => value === '' || value.length >= 4, CommandIssue.passwordShort)
  .refine((value) => value === '' || /^\d+$/.test(value), CommandIssue.passwordDigits);

const policyValue = z.union([z.string().max(200), z.number(), z.boolean()]);

/** The parameters of each command (001 §3 "Device command" fields, as each command needs). */
export const commandParamsSchemas = {
  lock: z.strictObject({ ...common, message: text(MESSAGE_MAX.lock).optional() }),
  /** The console asks for confirmation first (001 §5). */
  wipe: z.strictObject({ ...common, allowFactoryReset: z.boolean().optional() }),
  password: z.strictObject({
    ...common,
    password: passwordSchema,
    passwordQuality: text(50).optional(),
  }),
  /** e.g. {systemUpdate: 'automatic'|'postpone', permission: 'prompt'|'auto_grant'} (001 §9). */
  policy: z.strictObject({
    ...common,
    policy: z.record(z.string().min(1).max(100), policyValue),
  }),
  mobiledata: toggle,
  wifi: toggle,
  camera: toggle,
  playstore: toggle,
  settings: toggle,
  statusbar: toggle,
  alarm: z.strictObject({
    ...common,
    message: text(MESSAGE_MAX.alarm).optional(),
    title: text(200).optional(),
  }),
  install: packages,
  uninstall: packages,
  replicator: none,
  logs: z.strictObject({ ...common, logserver: text(500).optional() }),
  database: none,
  ping: none,
  toast: messageOf(MESSAGE_MAX.toast),
  notification: messageOf(MESSAGE_MAX.notification).extend({
    notificationID: z.number().int().optional(),
    vibrate: z.boolean().optional(),
  }),
  reboot: none,
  gps: none,
  info: none,
  setKioskConfigurationPassword: z.strictObject({ ...common, password: text(64).min(1) }),
  setPassword: z.strictObject({ ...common, password: text(64) }),
  setPasswordPolicies: z.strictObject({
    ...common,
    policy: z.record(z.string().min(1).max(100), policyValue),
  }),
  setLaunchOnBoot: z.strictObject({ ...common, packageName: text(255) }),
  addWifiNetwork: z.strictObject({
    ...common,
    networkSSID: text(32).min(1),
    password: text(64),
    securityMode: z.enum(['WEP', 'WPA', 'NONE']),
    autoconnect: z.boolean(),
  }),
  getApplicationList: none,
  hide: packages,
  show: packages,
  'invert-policy': z.strictObject({
    ...common,
    policy: z.record(z.string().min(1).max(100), policyValue),
  }),
  'change-policy': z.strictObject({
    ...common,
    policy: z.record(z.string().min(1).max(100), policyValue),
  }),
  clearappdata: z.strictObject({ ...common, packageName: text(255).min(1) }),
  lostmode: z.strictObject({
    ...common,
    enabled: z.boolean(),
    message: text(MESSAGE_MAX.lock).optional(),
    phone: text(50).optional(),
  }),
  relinquish: none,
} satisfies Record<CommandName, z.ZodType>;

export type CommandParams<C extends CommandName> = z.infer<(typeof commandParamsSchemas)[C]>;

/** Push types of `send push` (001 §7): 0 live, 1 to 3 log. */
export const PUSH_TYPES = [0, 1, 2, 3] as const;

/**
 * One device's outcome, with the fields of 001 §3 "Device command result". `fromdevice` says the
 * device itself answered; `sourceRequest` is the command; `channel` how the answer came.
 */
export interface CommandResultRow {
  device: string;
  commandId: string;
  state: CommandState;
  result: unknown;
  fromdevice: boolean;
  sourceRequest: string;
  msg: string | null;
  exceptionMessage: string | null;
  latitude: number | null;
  longitude: number | null;
  time: string | null;
  QueryResponses: unknown;
  channel: string | null;
}

export interface SendCommandResponse {
  results: CommandResultRow[];
}

/** A row of a device's command history (the edit dialog's logs tab). */
export interface CommandHistoryRow {
  ID: number;
  CMD: string;
  STATE: CommandState;
  CREATED: string;
  SENT: string | null;
  CONFIRMED: string | null;
  RESULT: unknown;
  ERRORDATE: string | null;
  ERRORDESC: string | null;
  /** Until when a command queued for an offline device waits for it; null when never queued. */
  EXPIRES: string | null;
  /** Where it came from: the console (a person), a bot, the MDM endpoint, a push. */
  SOURCE: CommandSource;
}

/** The device's last command, in the command-log shape of 001 §3. */
export interface CommandLogRow {
  CMDTIME: string | null;
  LASTCMD: string | null;
  LASTERROR: string | null;
}

/** The id a command travels with: a fixed prefix and the history row's ID (001 §9). */
export const COMMAND_ID_PREFIX = 'flota-';

export function commandMessageId(id: number | string): string {
  return `${COMMAND_ID_PREFIX}${id}`;
}

export function commandRowId(messageId: string): number | null {
  const match = /^flota-(\d{1,18})$/.exec(messageId);
  return match ? Number(match[1]) : null;
}
