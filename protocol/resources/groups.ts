import { DEVICE_LIST_SCHEMA } from '../device-schema';
import { operatorsFor } from '../filters';
import { GROUP_DESCRIPTION_MAX, GROUP_MESSAGES, GROUP_NAME_MAX } from '../groups';
import { defineResource, type VerbDefinition, DEFAULT_PER_PAGE } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

const PLATFORM_CHOICES = DEVICE_LIST_SCHEMA.fields.find((f) => f.source === 'DEVICE_TYPE')!
  .choices as FieldChoice[];

const show = { node: 'settings.groups', mode: 'show' } as const;
const write = { node: 'settings.groups', mode: 'write' } as const;
const list: VerbDefinition = {
  permission: show,
  call: { operation: 'admgroups', fixed: { oper: 'all' } },
};
const save = { operation: 'admgroups', id: 'ID', record: 'data', fixed: { oper: 'update' } };

/**
 * A project's device groups (000 §2 "Group editor", §3 Group; 002 §7 `admgroups`): shown in the
 * Grupos tab of /app/setting, created and edited in the group editor (a slot: users and devices
 * are picked there), deleted after a confirmation. Node `settings.groups` (000 §6 node 0).
 */
export const GROUPS = defineResource({
  name: 'groups',
  title: {
    one: { es: 'Grupo', en: 'Group' },
    many: { es: 'Grupos', en: 'Groups' },
  },
  path: '/app/setting/group',
  embedded: true,
  scope: 'project',
  node: 'settings.groups',
  key: 'ID',
  labelField: 'NAME',
  sort: { field: 'NAME', order: 'ASC' },
  perPage: DEFAULT_PER_PAGE,
  search: { es: 'Buscar por nombre o descripción', en: 'Search by name or description' },
  fields: [
    field('ID', 'int', { label: { es: 'ID', en: 'ID' }, computed: true, list: false }),
    field('NAME', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      create: true,
      edit: true,
      required: true,
      maxLength: GROUP_NAME_MAX,
    }),
    field('DESCRIPTION', 'text', {
      label: { es: 'Descripción', en: 'Description' },
      create: true,
      edit: true,
      required: true,
      maxLength: GROUP_DESCRIPTION_MAX,
    }),
    field('PLATFORM', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      computed: true,
    }),
    field('DEVICES', 'int', {
      label: { es: 'Dispositivos', en: 'Devices' },
      computed: true,
    }),
    field('USERS', 'int', { label: { es: 'Usuarios', en: 'Users' }, computed: true }),
    field('SYNCED', 'datetime', {
      label: { es: 'Sincronizado', en: 'Synchronised' },
      computed: true,
      filter: false,
    }),
    field('PROVISIONED', 'datetime', {
      label: { es: 'Provisionado', en: 'Provisioned' },
      computed: true,
      filter: false,
    }),
  ],
  filterOperators: {
    NAME: operatorsFor('text'),
    DESCRIPTION: operatorsFor('text'),
    DEVICES: operatorsFor('numeric'),
    USERS: operatorsFor('numeric'),
  },
  notices: {
    deleted: { es: GROUP_MESSAGES.es.deleted, en: GROUP_MESSAGES.en.deleted },
    deleteFailed: { es: GROUP_MESSAGES.es.deleteFailed, en: GROUP_MESSAGES.en.deleteFailed },
  },
  verbs: {
    list,
    export: list,
    show: {
      permission: show,
      call: { operation: 'admgroups', id: 'ID', fixed: { oper: 'group' } },
    },
    create: { permission: write, call: save },
    edit: { permission: write, call: save },
    delete: {
      permission: write,
      call: { operation: 'admgroups', id: 'ID', fixed: { oper: 'delete' } },
    },
  },
});
