import { DEVICE_LIST_SCHEMA } from '../device-schema';
import { defineResource, type VerbDefinition } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

/** The devicelist's platform choices: a platform shown by its label (Android, iPhone…). */
const PLATFORM_CHOICES = DEVICE_LIST_SCHEMA.fields.find((f) => f.source === 'DEVICE_TYPE')!
  .choices as FieldChoice[];

/** The row's colour (001 "Global device search"): green when it synced today, red otherwise. */
export const SEARCH_COLOUR_CHOICES: FieldChoice[] = [
  { code: 'green', label: { es: 'Sincronizado hoy', en: 'Synced today' } },
  { code: 'red', label: { es: 'Sin sincronizar hoy', en: 'Not synced today' } },
];

const list: VerbDefinition = {
  permission: { role: 'user' },
  call: { operation: 'devicesByDatabase' },
};
const hidden = { list: false, filter: false, sort: false, export: false } as const;

/**
 * `/app/server/search` (000 §2, 001 "Global device search"): the devices of every project of the
 * caller's company that the caller may read, newest sync first, with their project. The search
 * box looks in the MID and the owner; the platform and the project filter. It cannot count (it
 * merges every project's devices), so a page has a total only when it is the last one and the
 * list pages by "is there a next page". The key `id` is `<project>:<device ID>`; the row
 * actions slot opens the device in its dialog (src/resources/slots.ts).
 */
export const DEVICE_SEARCH = defineResource({
  name: 'search',
  title: {
    one: { es: 'Dispositivo encontrado', en: 'Device found' },
    many: { es: 'Búsqueda de dispositivos', en: 'Device search' },
  },
  path: '/app/server/search',
  key: 'id',
  labelField: 'MID',
  sort: { field: 'SINCRONISMO', order: 'DESC' },
  search: { es: 'Buscar por MID o propietario', en: 'Search by MID or owner' },
  fields: [
    field('DEVICE_TYPE', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      sort: false,
    }),
    field('MID', 'text', { label: { es: 'MID', en: 'MID' }, filter: false, noWrap: true }),
    field('OWNER', 'text', { label: { es: 'Propietario', en: 'Owner' }, filter: false }),
    field('EMAIL', 'text', {
      label: { es: 'Correo electrónico', en: 'E-mail' },
      filter: false,
      sort: false,
      noWrap: true,
    }),
    field('MODEL', 'text', { label: { es: 'Modelo', en: 'Model' }, filter: false, sort: false }),
    field('name', 'text', { label: { es: 'Proyecto', en: 'Project' } }),
    field('SINCRONISMO', 'datetime', {
      label: { es: 'Última sincronización', en: 'Last sync' },
      filter: false,
      noWrap: true,
    }),
    field('colour', 'choice', {
      label: { es: 'Estado', en: 'Status' },
      choices: SEARCH_COLOUR_CHOICES,
      filter: false,
      sort: false,
      computed: true,
    }),
    field('ONLINE', 'boolean', {
      label: { es: 'Conexión', en: 'Connection' },
      filter: false,
      sort: false,
      computed: true,
      display: 'presence',
    }),
    field('LAST_SEEN', 'datetime', {
      label: { es: 'Visto por última vez', en: 'Last seen' },
      filter: false,
      sort: false,
      computed: true,
      display: 'relative',
      noWrap: true,
    }),
    field('database', 'int', {
      label: { es: 'Número de proyecto', en: 'Project number' },
      ...hidden,
    }),
    field('ID', 'int', { label: { es: 'ID del dispositivo', en: 'Device ID' }, ...hidden }),
  ],
  // On a phone: the device, whether it is connected, its owner and its project.
  card: { status: { field: 'colour' }, fields: ['ONLINE', 'LAST_SEEN', 'OWNER', 'name'] },
  rowColours: [
    { field: 'colour', equals: 'green', colour: 'success' },
    { field: 'colour', equals: 'red', colour: 'error' },
  ],
  verbs: { list },
});
