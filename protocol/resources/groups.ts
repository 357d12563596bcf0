import { DEVICE_LIST_SCHEMA } from '../device-schema';
import { GROUP_DESCRIPTION_MAX, GROUP_MESSAGES, GROUP_NAME_MAX } from '../groups';
import { defineEntity } from '../resource-entity';
import { type VerbPermission, DEFAULT_PER_PAGE } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

const PLATFORM_CHOICES = DEVICE_LIST_SCHEMA.fields.find((f) => f.source === 'DEVICE_TYPE')!
  .choices as FieldChoice[];

const show: VerbPermission = { node: 'settings.groups', mode: 'show' };
const write: VerbPermission = { node: 'settings.groups', mode: 'write' };

/** A member list: written by a create or an edit, not a list column, filter, sort or export. */
const MEMBERS = {
  create: true,
  edit: true,
  list: false,
  filter: false,
  sort: false,
  export: false,
} as const;

const entity = defineEntity({
  name: 'groups',
  table: 'groups', // prj_<numero>.groups, made by project migration 0010
  mapped: { schema: 'project', columns: { id: 'ID' } },
  actions: { create: 'group_created', edit: 'group_modified', delete: 'group_deleted' },
  permissions: { read: show, write },
  title: {
    one: { es: 'Grupo', en: 'Group' },
    many: { es: 'Grupos', en: 'Groups' },
  },
  path: '/app/setting/group',
  embedded: true,
  scope: 'project',
  node: 'settings.groups',
  labelField: 'NAME',
  sort: { field: 'NAME', order: 'ASC' },
  perPage: DEFAULT_PER_PAGE,
  hiddenColumns: ['updatedAt'],
  search: { es: 'Buscar por nombre o descripción', en: 'Search by name or description' },
  fields: [
    // The group's number as 000 §3 names it (the engine's `id` is the same column).
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
    // Its members (server/engine/hooks/groups.ts): not columns, read from its memberships and
    // written by the hook with admgroups' checks; kept in its revisions like any field.
    field('MIDS', 'text', {
      label: { es: 'Dispositivos (MID)', en: 'Devices (MID)' },
      multiple: true,
      ...MEMBERS,
    }),
    field('Users', 'int', {
      label: { es: 'Usuarios (ID)', en: 'Users (ID)' },
      multiple: true,
      ...MEMBERS,
    }),
    field('PublishUsers', 'int', {
      label: { es: 'Publican (ID de usuario)', en: 'Publish (user ID)' },
      multiple: true,
      ...MEMBERS,
    }),
    // The platform of its devices, written by each save of its members (never sent).
    field('PLATFORM', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      computed: true,
    }),
    // Counts of its members (server/engine/hooks/groups.ts).
    field('DEVICES', 'int', { label: { es: 'Dispositivos', en: 'Devices' }, computed: true }),
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
});

/**
 * A project's device groups (000 §2 "Group editor", §3 Group; 002 §7 `admgroups`): shown in the
 * Grupos tab of /app/setting, created and edited in the group editor (a slot: users and devices
 * are picked there, saved by `admgroups`), deleted after a confirmation. Node `settings.groups`
 * (000 §6 node 0). Served by the engine on the table of each project's schema it maps
 * (docs/resources.md, "Mapped tables"): list, show, create (with its `Devices`, `Users` and
 * `PublishUsers`), edit (with the version read) and delete, with revisions and custom fields; its
 * rules in server/engine/hooks/groups.ts. `admgroups` stays the specification's call.
 */
export const GROUPS = {
  ...entity,
  notices: {
    deleted: { es: GROUP_MESSAGES.es.deleted, en: GROUP_MESSAGES.en.deleted },
    deleteFailed: { es: GROUP_MESSAGES.es.deleteFailed, en: GROUP_MESSAGES.en.deleteFailed },
  },
};
