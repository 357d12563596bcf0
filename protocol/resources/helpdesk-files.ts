import { defineResource, type VerbDefinition } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

/** The five help-desk lists (001 §2 Helpdesk tab); screenshots are in the device logs. */
export const HELPDESK_LIST_CHOICES: FieldChoice[] = [
  { code: 'devicelogs', label: { es: 'Registros del dispositivo', en: 'Device logs' } },
  { code: 'errorlogs', label: { es: 'Registros de errores', en: 'Error logs' } },
  { code: 'database', label: { es: 'Base de datos', en: 'Database' } },
  { code: 'replica', label: { es: 'Ficheros de réplica', en: 'Replica files' } },
  { code: 'kiosklogs', label: { es: 'Registros del kiosco', en: 'Kiosk logs' } },
];

/** deviceData's help-desk tab as a list (server/services/remote/device-data.ts): devices show. */
const list: VerbDefinition = {
  permission: { node: 'devices', mode: 'show' },
  call: { operation: 'deviceData', fixed: { data: 'helpdesk' } },
};

/**
 * The files a device uploaded to help desk (001 §2 Helpdesk tab): its logs, error logs, database,
 * replica files, kiosk logs and screenshots, newest first. Shown inside the device dialog with
 * the device as its fixed filter (`{mid}`, required). The key `id` is `<MID>/<fullpath>`, so
 * that a file is named without its list; `fullpath` (`<kind>/<name>`) is what the download,
 * viewLog and viewImage calls take.
 */
export const HELPDESK_FILES = defineResource({
  name: 'helpdesk-files',
  title: {
    one: { es: 'Fichero de soporte', en: 'Help-desk file' },
    many: { es: 'Ficheros de soporte', en: 'Help-desk files' },
  },
  path: '/app/devicelist/helpdesk-files',
  embedded: true,
  scope: 'project',
  node: 'devices',
  key: 'id',
  labelField: 'name',
  sort: { field: 'date', order: 'DESC' },
  perPage: [100, 5, 10],
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  fields: [
    field('list', 'choice', {
      label: { es: 'Lista', en: 'List' },
      choices: HELPDESK_LIST_CHOICES,
    }),
    field('name', 'text', { label: { es: 'Nombre', en: 'Name' }, filter: false }),
    field('date', 'datetime', { label: { es: 'Fecha', en: 'Date' }, filter: false }),
    field('size', 'int', { label: { es: 'Tamaño (bytes)', en: 'Size (bytes)' }, filter: false }),
    field('screenshot', 'boolean', {
      label: { es: 'Captura de pantalla', en: 'Screenshot' },
      list: false,
    }),
    field('fullpath', 'text', {
      label: { es: 'Ruta', en: 'Path' },
      list: false,
      filter: false,
      sort: false,
    }),
    field('mid', 'text', {
      label: { es: 'Dispositivo (MID)', en: 'Device (MID)' },
      list: false,
      sort: false,
      export: false,
    }),
  ],
  verbs: {
    list,
    export: list,
    // One file, after the confirmation that names it: what deleting a file checks.
    delete: {
      permission: { node: 'devices.modify', mode: 'write' },
      call: { operation: 'deleteHelpDeskForDEVICEID', id: 'id' },
    },
  },
});
