import { BOT_OUTCOME_CHOICES } from '../bots';
import { defineResource } from '../resource-definition';
import { field } from '../resource-schema';

const read = { permission: { role: 'admin' as const }, call: { operation: 'botRuns' } };

/**
 * What the company's bots did (docs/bots.md), read-only, newest first: each run that acted, was
 * refused or failed, with the devices it fired on. `/app/botruns`; a bot's row opens its own.
 */
export const BOT_RUNS = defineResource({
  name: 'bot-runs',
  title: {
    one: { es: 'Ejecución de bot', en: 'Bot run' },
    many: { es: 'Ejecuciones de bots', en: 'Bot runs' },
  },
  path: '/app/botruns',
  key: 'id',
  labelField: 'startedAt',
  sort: { field: 'startedAt', order: 'DESC' },
  menu: { section: 'projects', icon: 'history', order: 51 },
  fields: [
    field('startedAt', 'datetime', { label: { es: 'Fecha', en: 'Date' }, computed: true }),
    field('bot', 'int', {
      label: { es: 'Bot (id)', en: 'Bot (id)' },
      list: false,
      sort: false,
      computed: true,
    }),
    field('botName', 'text', { label: { es: 'Bot', en: 'Bot' }, sort: false, computed: true }),
    field('project', 'int', {
      label: { es: 'Proyecto', en: 'Project' },
      sort: false,
      ungrouped: true,
      computed: true,
    }),
    field('outcome', 'choice', {
      label: { es: 'Resultado', en: 'Outcome' },
      choices: BOT_OUTCOME_CHOICES,
      sort: false,
      computed: true,
    }),
    field('devices', 'int', {
      label: { es: 'Dispositivos', en: 'Devices' },
      filter: false,
      computed: true,
    }),
    field('mids', 'text', {
      label: { es: 'MID', en: 'MID' },
      filter: false,
      sort: false,
      computed: true,
    }),
    field('detail', 'text', {
      label: { es: 'Detalle', en: 'Detail' },
      filter: false,
      sort: false,
      computed: true,
    }),
    field('id', 'int', {
      label: { es: 'Id', en: 'Id' },
      list: false,
      filter: false,
      computed: true,
    }),
  ],
  verbs: { list: read, export: read },
});
