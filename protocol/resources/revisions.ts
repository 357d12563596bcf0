import { defineResource, type ResourceDefinition } from '../resource-definition';
import { field } from '../resource-schema';

export const REVISION_ACTIONS = [
  { code: 'create', label: { es: 'Alta', en: 'Created' } },
  { code: 'edit', label: { es: 'Cambio', en: 'Changed' } },
  { code: 'delete', label: { es: 'Baja', en: 'Deleted' } },
];

export const REVISION_CHANNELS = [
  { code: 'console', label: { es: 'Consola', en: 'Console' } },
  { code: 'rest', label: { es: 'API REST', en: 'REST API' } },
  { code: 'api-client', label: { es: 'Cliente de API', en: 'API client' } },
  { code: 'device', label: { es: 'Dispositivo', en: 'Device' } },
  { code: 'data-service', label: { es: 'Servicio de datos', en: 'Data service' } },
];

/**
 * Every write of the resource engine (docs/resources.md, "Revisions"), read-only: who, when,
 * through which channel and the fields before and after: the company's change history at
 * /app/revisions, a record's "Historial" in its edit view, and /api/rest/revisions, filtered by
 * `resource` and `record`.
 */
export const REVISIONS = defineResource({
  name: 'revisions',
  title: {
    one: { es: 'Revisión', en: 'Revision' },
    many: { es: 'Historial de cambios', en: 'Change history' },
  },
  path: '/app/revisions',
  key: 'id',
  labelField: 'at',
  sort: { field: 'at', order: 'DESC' },
  menu: { section: 'administration', icon: 'history', order: 90 },
  fields: [
    field('at', 'datetime', { label: { es: 'Fecha', en: 'Date' }, computed: true }),
    field('resource', 'text', {
      label: { es: 'Recurso', en: 'Resource' },
      sort: false,
      computed: true,
    }),
    field('record', 'text', {
      label: { es: 'Registro', en: 'Record' },
      sort: false,
      computed: true,
    }),
    field('action', 'choice', {
      label: { es: 'Acción', en: 'Action' },
      choices: REVISION_ACTIONS,
      sort: false,
      computed: true,
    }),
    field('login', 'text', { label: { es: 'Usuario', en: 'User' }, computed: true }),
    field('channel', 'choice', {
      label: { es: 'Canal', en: 'Channel' },
      choices: REVISION_CHANNELS,
      sort: false,
      computed: true,
    }),
    field('before', 'json', {
      label: { es: 'Antes', en: 'Before' },
      filter: false,
      sort: false,
      computed: true,
    }),
    field('after', 'json', {
      label: { es: 'Después', en: 'After' },
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
  verbs: {
    list: { permission: { role: 'user' }, call: { operation: 'revisions' } },
    export: { permission: { role: 'user' }, call: { operation: 'revisions' } },
  },
});

/**
 * The revisions resource as listed among the others: the resources by their titles and the
 * fields of `before` and `after` by their labels, from the definitions whose storage is owned.
 */
export function withRevisions(definitions: ResourceDefinition[]): ResourceDefinition[] {
  const owned = definitions.filter((definition) => definition.storage);
  const resources = Object.fromEntries(owned.map((d) => [d.name, d.title.many]));
  const keys = Object.fromEntries(
    owned.flatMap((d) => d.fields.flatMap((f) => (f.label ? [[f.source, f.label]] : []))),
  );
  const fields = REVISIONS.fields.map((f) => {
    if (f.source === 'resource') return { ...f, valueLabels: resources };
    if (f.source === 'before' || f.source === 'after') return { ...f, keyLabels: keys };
    return f;
  });
  return [...definitions, { ...REVISIONS, fields }];
}
