import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

/**
 * The create and edit calls of the older names (`createEnvironment`, `modifyEnvironment`) take the
 * row's title, address and authority under these names.
 */
export const ENVIRONMENT_RENAME = {
  title: 'name',
  address: 'urlManager',
  authority: 'urlAuthority',
};
const rename = ENVIRONMENT_RENAME;

/**
 * `/app/environments` (002 §3 Environments): the company's Flota servers, this one ("system")
 * and others it signs in to ("external"), with their licence figures. Served by the engine on the
 * table it maps, core.environments; its rules in server/engine/hooks/environments.ts.
 */
export const ENVIRONMENTS = defineEntity({
  name: 'environments',
  table: 'environments',
  mapped: {
    columns: {
      title: 'name',
      address: 'url_manager',
      authority: 'url_authority',
      maxLicences: 'max_licences',
    },
  },
  wireNames: {
    list: 'environments',
    create: 'createEnvironment',
    edit: 'modifyEnvironment',
    delete: 'deleteEnvironment',
  },
  wireRename: rename,
  actions: {
    create: 'environment_created',
    edit: 'environment_modified',
    delete: 'environment_deleted',
  },
  permissions: { read: { role: 'user' }, write: { role: 'admin' } },
  title: {
    one: { es: 'Entorno', en: 'Environment' },
    many: { es: 'Entornos', en: 'Environments' },
  },
  path: '/app/environments',
  labelField: 'title',
  sort: { field: 'title', order: 'ASC' },
  search: { es: 'Buscar por nombre o dirección', en: 'Search by name or address' },
  fields: [
    field('title', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      create: true,
      edit: true,
      required: true,
      maxLength: 100,
    }),
    field('address', 'text', {
      label: { es: 'Dirección del servidor', en: 'Server address' },
      sort: false,
      create: true,
      edit: true,
      required: true,
      format: 'url',
      maxLength: 2000,
    }),
    field('authority', 'text', {
      label: { es: 'Proveedor de identidad', en: 'Identity provider' },
      list: false,
      filter: false,
      sort: false,
      create: true,
      edit: true,
      required: true,
      format: 'url',
      maxLength: 2000,
    }),
    field('system', 'boolean', {
      label: { es: 'Sistema', en: 'System' },
      sort: false,
      computed: true,
    }),
    field('maxLicences', 'int', {
      label: { es: 'Licencias máximas', en: 'Maximum licences' },
      sort: false,
      create: true,
      min: 0,
      max: 1_000_000_000,
      default: 0,
    }),
    field('assignedLicences', 'int', {
      label: { es: 'Licencias asignadas', en: 'Assigned licences' },
      filter: false,
      sort: false,
      computed: true,
    }),
    field('usedLicences', 'int', {
      label: { es: 'Licencias en uso', en: 'Licences in use' },
      filter: false,
      sort: false,
      computed: true,
    }),
    field('projects', 'int', {
      label: { es: 'Proyectos', en: 'Projects' },
      sort: false,
      computed: true,
    }),
    field('datemask', 'text', {
      label: { es: 'Formato de fecha', en: 'Date format' },
      list: false,
      filter: false,
      sort: false,
      create: true,
      edit: true,
      default: 'dd/mm/yyyy',
      pattern: '(dd|mm|yyyy|yy)([/.\\- ])(dd|mm|yyyy|yy)\\2(dd|mm|yyyy|yy)',
      hint: {
        es: 'combina dd, mm y yyyy (o yy) con un separador, como dd/mm/yyyy',
        en: 'dd, mm and yyyy (or yy) with one separator, such as dd/mm/yyyy',
      },
      maxLength: 20,
    }),
  ],
  // A system environment is this server itself: the console never offers to delete one (the
  // server refuses the company's last one, and any holding projects).
  undeletable: { field: 'system', equals: true },
  // The engine's "Modificado" is offered in the column chooser, not shown by default.
  hiddenColumns: ['updatedAt'],
});
