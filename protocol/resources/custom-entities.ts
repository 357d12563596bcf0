import { CUSTOM_FIELD_TYPES, CUSTOM_SCOPE_CHOICES } from '../custom-entity';
import { defineResource, type VerbPermission } from '../resource-definition';
import { field } from '../resource-schema';

const admin: VerbPermission = { role: 'admin' };

/**
 * `/api/rest/custom-entities` and `/app/custom-entities` (issue 34, points 8 and 11): the
 * entities a company's administrators create live, each then served at `/api/rest/<name>` and
 * `/app/custom/<name>` (docs/resources.md, "Custom entities"). Deleted ones are kept 30 days and
 * listed with the filter `deleted`, restorable (`restoreCustomEntity`).
 */
export const CUSTOM_ENTITIES = defineResource({
  name: 'custom-entities',
  title: {
    one: { es: 'Entidad personalizada', en: 'Custom entity' },
    many: { es: 'Entidades personalizadas', en: 'Custom entities' },
  },
  path: '/app/custom-entities',
  key: 'id',
  labelField: 'name',
  sort: { field: 'name', order: 'ASC' },
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  menu: { section: 'administration', icon: 'tables', order: 70 },
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      create: true,
      required: true,
      maxLength: 30,
      pattern: '[a-z][a-z0-9]*(-[a-z0-9]+)*',
      hint: {
        es: 'minúsculas y guiones, como vehiculos',
        en: 'lower case and dashes, such as vehicles',
      },
      filter: false,
    }),
    field('title', 'json', {
      label: { es: 'Título', en: 'Title' },
      create: true,
      edit: true,
      required: true,
      filter: false,
      sort: false,
      hint: {
        es: '{"one": {"es", "en"}, "many": {"es", "en"}}',
        en: '{"one": {"es", "en"}, "many": {"es", "en"}}',
      },
    }),
    field('fields', 'json', {
      label: { es: 'Campos', en: 'Fields' },
      create: true,
      edit: true,
      required: true,
      list: false,
      filter: false,
      sort: false,
      hint: {
        es: `[{"name", "type", "label": {"es", "en"}, …}]; tipos: ${CUSTOM_FIELD_TYPES.join(', ')}`,
        en: `[{"name", "type", "label": {"es", "en"}, …}]; types: ${CUSTOM_FIELD_TYPES.join(', ')}`,
      },
    }),
    field('permissions', 'json', {
      label: { es: 'Permisos', en: 'Permissions' },
      create: true,
      edit: true,
      filter: false,
      sort: false,
      hint: { es: '{"read": "user", "write": "admin"}', en: '{"read": "user", "write": "admin"}' },
    }),
    field('menu', 'json', {
      label: { es: 'Menú', en: 'Menu' },
      create: true,
      edit: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('scope', 'choice', {
      label: { es: 'Ámbito', en: 'Scope' },
      choices: CUSTOM_SCOPE_CHOICES,
      create: true,
      default: 'company',
      filter: false,
      sort: false,
    }),
    field('id', 'int', {
      label: { es: 'Id', en: 'Id' },
      computed: true,
      list: false,
      filter: false,
      sort: false,
    }),
    field('version', 'int', {
      label: { es: 'Versión', en: 'Version' },
      computed: true,
      list: false,
      filter: false,
      sort: false,
      export: false,
    }),
    field('updatedAt', 'datetime', {
      label: { es: 'Modificada', en: 'Changed' },
      computed: true,
      filter: false,
      display: 'relative',
    }),
    field('deleted', 'boolean', {
      label: { es: 'Borrada (se guarda 30 días)', en: 'Deleted (kept 30 days)' },
      computed: true,
      list: false,
      sort: false,
      export: false,
    }),
    field('deletedAt', 'datetime', {
      label: { es: 'Borrada', en: 'Deleted' },
      computed: true,
      list: false,
      filter: false,
      sort: false,
    }),
  ],
  verbs: {
    list: { permission: admin, call: { operation: 'customEntities' } },
    export: { permission: admin, call: { operation: 'customEntities' } },
    show: { permission: admin, call: { operation: 'customEntity', id: 'id' } },
    create: { permission: admin, call: { operation: 'createCustomEntity' } },
    edit: {
      permission: admin,
      call: { operation: 'updateCustomEntity', id: 'id', version: 'version' },
    },
    delete: { permission: admin, call: { operation: 'deleteCustomEntity', id: 'id' } },
  },
});
