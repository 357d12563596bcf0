import {
  choicesOf,
  COMMAND_SOURCE_LABELS,
  COMMAND_STATE_LABELS,
  HISTORY_COMMAND_LABELS,
} from '../command-labels';
import { defineResource, type VerbDefinition } from '../resource-definition';
import { field } from '../resource-schema';

/** What deviceCommands checks (server/commands/operations.ts): devices.modify show. */
const list: VerbDefinition = {
  permission: { node: 'devices.modify', mode: 'show' },
  call: { operation: 'deviceCommands' },
};

/**
 * A device's command history (001 §2 device dialog, Registros tab; 001 §9: 10 rows, or 5),
 * newest first: the commands sent to it and their outcome. Shown inside the device dialog with
 * the device as its fixed filter (`{mid}`); without one, the whole project's history.
 */
export const COMMAND_HISTORY = defineResource({
  name: 'command-history',
  title: {
    one: { es: 'Comando enviado', en: 'Sent command' },
    many: { es: 'Historial de comandos', en: 'Command history' },
  },
  path: '/app/devicelist/command-history',
  embedded: true,
  scope: 'project',
  node: 'devices.modify',
  key: 'ID',
  labelField: 'CMD',
  sort: { field: 'CREATED', order: 'DESC' },
  perPage: [10, 5],
  // Commands move on their own (pending → sent → executed): read again while shown.
  refreshSeconds: 5,
  fields: [
    field('CREATED', 'datetime', { label: { es: 'Creado', en: 'Created' }, filter: false }),
    field('CMD', 'choice', {
      label: { es: 'Comando', en: 'Command' },
      choices: choicesOf(HISTORY_COMMAND_LABELS),
    }),
    field('STATE', 'choice', {
      label: { es: 'Estado', en: 'State' },
      choices: choicesOf(COMMAND_STATE_LABELS),
    }),
    field('SOURCE', 'choice', {
      label: { es: 'Origen', en: 'Origin' },
      choices: choicesOf(COMMAND_SOURCE_LABELS),
      filter: false,
      sort: false,
    }),
    field('SENT', 'datetime', { label: { es: 'Enviado', en: 'Sent' }, filter: false }),
    field('CONFIRMED', 'datetime', { label: { es: 'Recibido', en: 'Received' }, filter: false }),
    field('EXPIRES', 'datetime', {
      label: { es: 'Caduca (si está en cola)', en: 'Expires (if queued)' },
      filter: false,
      sort: false,
    }),
    field('ERRORDESC', 'text', {
      label: { es: 'Error', en: 'Error' },
      filter: false,
      sort: false,
    }),
    field('ERRORDATE', 'datetime', {
      label: { es: 'Fecha del error', en: 'Error date' },
      list: false,
      filter: false,
    }),
    field('RESULT', 'json', {
      label: { es: 'Resultado', en: 'Result' },
      list: false,
      filter: false,
      sort: false,
      export: false,
    }),
    field('mid', 'text', {
      label: { es: 'Dispositivo (MID)', en: 'Device (MID)' },
      list: false,
      sort: false,
      export: false,
    }),
  ],
  verbs: { list, export: list },
});
