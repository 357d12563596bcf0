import { HISTORY_COMMAND_LABELS } from '../command-labels';
import { PLATFORM_LABELS } from '../devices';
import { operatorsFor, TextOperator } from '../filters';
import { defineResource } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

const labelled = (rows: string[][]): FieldChoice[] =>
  rows.map(([code, es, en]) => ({ code, label: { es, en } }));

export const SERVER_LOG_LEVELS = labelled([
  ['info', 'Información', 'Information'],
  ['warning', 'Aviso', 'Warning'],
  ['error', 'Error', 'Error'],
]);

/** What the server writes in its own log (server/logs/server-log.ts callers), with its label. */
export const SERVER_EVENTS = labelled([
  ['device_enrolled', 'Dispositivo dado de alta', 'Device enrolled'],
  ['device_disabled', 'Dispositivo desactivado', 'Device disabled'],
  ['device_enabled', 'Dispositivo activado', 'Device enabled'],
  ['device_deleted', 'Dispositivo borrado', 'Device deleted'],
  ['command_failed', 'Orden fallida', 'Command failed'],
  ['command_offline', 'Orden sin entregar', 'Command not delivered'],
  ['project_purged', 'Proyecto eliminado', 'Project purged'],
  ['helpdesk_cleared', 'Archivos de soporte limpiados', 'Help-desk files cleared'],
]);

/** Coded values the server writes in a line's detail: platforms and commands, by their labels. */
const DETAIL_VALUE_LABELS = { ...PLATFORM_LABELS, ...HISTORY_COMMAND_LABELS };

/** `/app/logs` (000 §2 "log list"): the server's own lines about the company's projects. */
export const SERVER_LOG = defineResource({
  name: 'logs',
  title: {
    one: { es: 'Línea del registro', en: 'Log line' },
    many: { es: 'Registro del servidor', en: 'Server log' },
  },
  path: '/app/logs',
  key: 'id',
  labelField: 'event',
  sort: { field: 'at', order: 'DESC' },
  search: { es: 'Dispositivo o proyecto', en: 'Device or project' },
  fields: [
    field('at', 'datetime', { label: { es: 'Fecha', en: 'Date' } }),
    field('level', 'choice', { label: { es: 'Nivel', en: 'Level' }, choices: SERVER_LOG_LEVELS }),
    field('event', 'choice', { label: { es: 'Suceso', en: 'Event' }, choices: SERVER_EVENTS }),
    field('project', 'text', { label: { es: 'Proyecto', en: 'Project' } }),
    field('mid', 'text', { label: { es: 'Dispositivo', en: 'Device' }, noWrap: true }),
    field('detail', 'json', {
      label: { es: 'Detalle', en: 'Detail' },
      sort: false,
      filter: false,
      keyLabels: {
        command: { es: 'Orden', en: 'Command' },
        error: { es: 'Error', en: 'Error' },
        by: { es: 'Por', en: 'By' },
        files: { es: 'Archivos', en: 'Files' },
        days: { es: 'Días', en: 'Days' },
        platform: { es: 'Plataforma', en: 'Platform' },
        project: { es: 'Proyecto', en: 'Project' },
        again: { es: 'De nuevo', en: 'Again' },
        name: { es: 'Nombre', en: 'Name' },
        dbname: { es: 'Base de datos', en: 'Database' },
        datedeleted: { es: 'Marcado para borrar', en: 'Marked for deletion' },
      },
      valueLabels: DETAIL_VALUE_LABELS,
    }),
  ],
  filterOperators: {
    at: [TextOperator.contains, TextOperator.notContains],
    level: [TextOperator.equals, TextOperator.notEquals],
    event: [TextOperator.equals, TextOperator.notEquals],
    project: operatorsFor('text'),
    mid: operatorsFor('text'),
  },
  rowColours: [
    { field: 'level', equals: 'error', colour: 'error' },
    { field: 'level', equals: 'warning', colour: 'warning' },
  ],
  verbs: {
    list: { permission: { role: 'admin' }, call: { operation: 'serverLog' } },
    export: { permission: { role: 'admin' }, call: { operation: 'serverLog' } },
  },
});
