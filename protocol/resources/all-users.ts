import { operatorsFor } from '../filters';
import type { VerbPermission } from '../resource-definition';
import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { USERS, USER_RENAME } from './users';

/**
 * The users operations are an administrator's; the list reaches every company for the top
 * administrator and the caller's own for a company administrator (000 §2: /app/xoneadmin is an
 * administrator screen; /app/xoneges and /app/xonecias are the top administrator's alone).
 */
const admin: VerbPermission = { role: 'admin' };
const rename = USER_RENAME;

/**
 * `/app/xoneadmin` (000 §2): the users of every company (of their own for a company
 * administrator), with the users resource's fields (protocol/resources/users.ts), plus the
 * company each belongs to, picked when creating one. The engine lists and shows them on the same
 * table (its `seen` hook: every company's for the top administrator); a write is the users'
 * (`createUser`, `updateUser` with the version read, `deleteUser`), in the record's company.
 */
const ENTITY = defineEntity({
  name: 'all-users',
  table: 'users',
  mapped: { columns: { idcia: 'company_id' } },
  permissions: { read: admin, write: admin },
  title: {
    one: { es: 'Usuario', en: 'User' },
    many: { es: 'Todos los usuarios', en: 'All users' },
  },
  path: '/app/xoneadmin',
  labelField: 'login',
  sort: USERS.sort,
  form: 'page',
  search: { es: 'Buscar por usuario o correo', en: 'Search by user or e-mail' },
  fields: [
    field('company', 'text', { label: { es: 'Compañía', en: 'Company' }, computed: true }),
    field('idcia', 'reference', {
      label: { es: 'Compañía', en: 'Company' },
      reference: 'companies',
      list: false,
      filter: false,
      sort: false,
      export: false,
      create: true,
      required: true,
    }),
    ...USERS.fields.filter(
      (f) => !['environments', 'idcia', 'id', 'version', 'updatedAt'].includes(f.source),
    ),
  ],
  rowColours: USERS.rowColours,
  hiddenColumns: ['updatedAt'],
});

export const ALL_USERS = {
  ...ENTITY,
  filterOperators: { ...USERS.filterOperators, company: operatorsFor('text') },
  notices: USERS.notices,
  verbs: {
    ...ENTITY.verbs,
    create: { permission: admin, call: { operation: 'createUser', rename } },
    edit: {
      permission: admin,
      call: { operation: 'updateUser', id: 'idusr', rename, version: 'version' },
    },
    delete: { permission: admin, call: { operation: 'deleteUser', id: 'idsuser' } },
  },
};
