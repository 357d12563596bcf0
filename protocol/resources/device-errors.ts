import { defineResource, type VerbDefinition } from '../resource-definition';
import { field } from '../resource-schema';

/** What deviceErrorLogs checks (server/services/remote/device-errors.ts): devices.modify show. */
const list: VerbDefinition = {
  permission: { node: 'devices.modify', mode: 'show' },
  call: { operation: 'deviceErrorLogs' },
};

/**
 * The errors a device's replicator reported in its check-ins (001 §3 error logs; 001 §9: 5 rows,
 * lengths 5 and 100), newest first. Shown inside the device dialog's Registros tab with the
 * device as its fixed filter (`{mid}`); without one, the whole project's.
 */
export const DEVICE_ERRORS = defineResource({
  name: 'device-errors',
  title: {
    one: { es: 'Registro de error', en: 'Error log' },
    many: { es: 'Registros de error', en: 'Error logs' },
  },
  path: '/app/devicelist/device-errors',
  embedded: true,
  scope: 'project',
  node: 'devices.modify',
  key: 'ID',
  labelField: 'DESCRIPTION',
  sort: { field: 'TIMESTAMP', order: 'DESC' },
  perPage: [5, 100],
  search: { es: 'Buscar en el SQL o la descripción', en: 'Search the SQL or the description' },
  fields: [
    field('TIMESTAMP', 'datetime', { label: { es: 'Fecha', en: 'Date' }, filter: false }),
    field('CGSSQL', 'longtext', { label: { es: 'SQL', en: 'SQL' }, filter: false, sort: false }),
    field('DESCRIPTION', 'text', {
      label: { es: 'Descripción', en: 'Description' },
      filter: false,
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
