import type { CommandName } from './commands';
import type { FieldChoice, FieldLabel } from './resource-schema';

/**
 * Bots (`/app/bots`): automations of a project's fleet (docs/bots.md). A bot is evaluated every
 * `everyMinutes`; its trigger picks the devices it fires on, its conditions narrow them, and its
 * action runs once for them, with its creator's rights. Shared by the server (server/bots/) and
 * the console.
 */
export const BOT_TRIGGERS = [
  'schedule',
  'offline',
  'battery',
  'errors',
  'replication',
  'noncompliant',
] as const;
export type BotTrigger = (typeof BOT_TRIGGERS)[number];

export const BOT_ACTIONS = ['command', 'mail', 'webhook', 'push', 'report'] as const;
export type BotAction = (typeof BOT_ACTIONS)[number];

/** The commands a bot may send: those that need nothing but the device (001 §9). */
export const BOT_COMMANDS = [
  'ping',
  'info',
  'gps',
  'logs',
  'replicator',
  'lock',
  'alarm',
  'reboot',
] as const satisfies readonly CommandName[];

/** What a run came to: fired, nothing to do, refused (its creator's rights), failed. */
export const BOT_OUTCOMES = ['done', 'nothing', 'refused', 'failed'] as const;
export type BotOutcome = (typeof BOT_OUTCOMES)[number];

/** The devices a run names in its history and in a mail, at most. */
export const BOT_SHOWN_DEVICES = 50;
/** The devices one run fires on, at most: the rest wait for the next run. */
export const BOT_RUN_DEVICES = 5000;
/** A webhook's answer is awaited this long at most. */
export const BOT_WEBHOOK_TIMEOUT_MS = 10_000;
/** The headers of a webhook's request: the signature and the time it was signed at. */
export const BOT_SIGNATURE_HEADER = 'X-Flota-Signature';
export const BOT_TIMESTAMP_HEADER = 'X-Flota-Timestamp';

/**
 * A bot on a state that lasts (battery, replication queue, non-compliance) fires again on the
 * same device after this many hours.
 */
export const BOT_REPEAT_HOURS = 24;

const choices = <C extends string>(labels: Record<C, FieldLabel>): FieldChoice[] =>
  Object.entries<FieldLabel>(labels).map(([code, label]) => ({ code, label }));

export const BOT_TRIGGER_CHOICES = choices<BotTrigger>({
  schedule: { es: 'Cada cierto tiempo', en: 'On a schedule' },
  offline: { es: 'Desconectado más de N horas', en: 'Offline longer than N hours' },
  battery: { es: 'Batería por debajo de N %', en: 'Battery under N %' },
  errors: { es: 'Errores registrados (N o más)', en: 'Errors logged (N or more)' },
  replication: {
    es: 'Cola de replicación de más de N',
    en: 'Replication queue over N',
  },
  noncompliant: { es: 'Dispositivo MDM que no cumple', en: 'MDM device not compliant' },
});

export const BOT_ACTION_CHOICES = choices<BotAction>({
  command: { es: 'Enviar un comando', en: 'Send a command' },
  mail: { es: 'Enviar un correo', en: 'Send a mail' },
  webhook: { es: 'Llamar a un webhook', en: 'Call a webhook' },
  push: { es: 'Enviar un push', en: 'Send a push' },
  report: { es: 'Enviar un informe por correo', en: 'Mail a report' },
});

export const BOT_OUTCOME_CHOICES = choices<BotOutcome>({
  done: { es: 'Ejecutado', en: 'Done' },
  nothing: { es: 'Sin dispositivos', en: 'No devices' },
  refused: { es: 'Rechazado', en: 'Refused' },
  failed: { es: 'Fallido', en: 'Failed' },
});
