import {
  BOT_ACTION_CHOICES,
  BOT_COMMANDS,
  BOT_TRIGGER_CHOICES,
  type BotAction,
  type BotTrigger,
} from '../bots';
import { COMMAND_LABELS } from '../command-labels';
import { PLATFORM_LABELS } from '../devices';
import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

const both = { create: true, edit: true } as const;
/** A detail of the bot, in its form only: no column, filter or sort (nor their indexes). */
const hidden = { list: false, filter: false, sort: false } as const;

/**
 * `/app/bots`: a company's automations, each of one project (docs/bots.md). The engine stores
 * and serves them; server/engine/hooks/bots.ts checks the project's rights and the fields each
 * trigger and action need, and server/bots/ runs them.
 */
export const BOTS = defineEntity({
  name: 'bots',
  table: 'bots',
  title: { one: { es: 'Bot', en: 'Bot' }, many: { es: 'Bots', en: 'Bots' } },
  path: '/app/bots',
  labelField: 'name',
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  permissions: { read: { role: 'admin' }, write: { role: 'admin' } },
  menu: { section: 'projects', icon: 'bots', order: 50 },
  card: { fields: ['trigger', 'action'] },
  hiddenColumns: ['threshold', 'everyMinutes'],
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      required: true,
      unique: true,
      maxLength: 100,
      ...both,
    }),
    field('project', 'reference', {
      label: { es: 'Proyecto', en: 'Project' },
      reference: 'recents',
      required: true,
      ...both,
    }),
    field('enabled', 'boolean', {
      label: { es: 'Activo', en: 'Enabled' },
      required: true,
      default: true,
      ...both,
    }),
    field('trigger', 'choice', {
      label: { es: 'Disparador', en: 'Trigger' },
      choices: BOT_TRIGGER_CHOICES,
      required: true,
      default: 'offline' satisfies BotTrigger,
      ...both,
    }),
    field('threshold', 'int', {
      label: { es: 'Umbral (N)', en: 'Threshold (N)' },
      filter: false,
      sort: false,
      min: 1,
      max: 10000,
      hint: {
        es: 'horas desconectado, % de batería, número de errores u operaciones en cola',
        en: 'hours offline, battery %, number of errors or queued operations',
      },
      shownWhen: { field: 'trigger', is: ['offline', 'battery', 'errors', 'replication'] },
      ...both,
    }),
    field('everyMinutes', 'int', {
      label: { es: 'Cada (minutos)', en: 'Every (minutes)' },
      filter: false,
      sort: false,
      required: true,
      default: 60,
      min: 1,
      max: 10080,
      ...both,
    }),
    field('platform', 'choice', {
      label: { es: 'Solo la plataforma', en: 'Only the platform' },
      choices: Object.entries(PLATFORM_LABELS).map(([code, label]) => ({ code, label })),
      ...hidden,
      ...both,
    }),
    field('deviceGroup', 'text', {
      label: { es: 'Solo el grupo', en: 'Only the group' },
      maxLength: 100,
      ...hidden,
      ...both,
    }),
    field('model', 'text', {
      label: { es: 'Solo el modelo', en: 'Only the model' },
      maxLength: 100,
      ...hidden,
      ...both,
    }),
    field('action', 'choice', {
      label: { es: 'Acción', en: 'Action' },
      choices: BOT_ACTION_CHOICES,
      required: true,
      default: 'mail' satisfies BotAction,
      ...both,
    }),
    field('command', 'choice', {
      label: { es: 'Comando', en: 'Command' },
      choices: BOT_COMMANDS.map((code) => ({ code, label: COMMAND_LABELS[code] })),
      ...hidden,
      shownWhen: { field: 'action', is: ['command'] },
      ...both,
    }),
    field('mailTo', 'text', {
      label: { es: 'Correo a', en: 'Mail to' },
      format: 'email',
      maxLength: 200,
      hint: { es: 'del correo y del informe', en: 'of the mail and of the report' },
      ...hidden,
      shownWhen: { field: 'action', is: ['mail', 'report'] },
      ...both,
    }),
    field('webhookUrl', 'text', {
      label: { es: 'URL del webhook', en: 'Webhook URL' },
      format: 'url',
      maxLength: 500,
      hint: {
        es: 'recibe un POST JSON firmado (X-Flota-Signature)',
        en: 'receives a signed JSON POST (X-Flota-Signature)',
      },
      ...hidden,
      shownWhen: { field: 'action', is: ['webhook'] },
      ...both,
    }),
    field('pushMessage', 'text', {
      label: { es: 'Mensaje del push', en: 'Push message' },
      maxLength: 1000,
      ...hidden,
      shownWhen: { field: 'action', is: ['push'] },
      ...both,
    }),
    field('report', 'int', {
      label: { es: 'Informe (número)', en: 'Report (number)' },
      min: 1,
      max: 2147483647,
      hint: {
        es: 'el número del informe en los informes del proyecto',
        en: "the report's number in the project's reports",
      },
      ...hidden,
      shownWhen: { field: 'action', is: ['report'] },
      ...both,
    }),
  ],
});
