import { operatorsFor } from '../filters';
import { defineResource, type VerbPermission } from '../resource-definition';
import { field } from '../resource-schema';
import { USERS, USER_RENAME } from './users';

/**
 * The users operations are an administrator's; with `all` they reach every company for the top
 * administrator and the caller's own for a company administrator (000 §2: /app/xoneadmin is an
 * administrator screen; /app/xoneges and /app/xonecias are the top administrator's alone).
 */
const admin: VerbPermission = { role: 'admin' };
const rename = USER_RENAME;
/** The list and show calls of every company's users, not only the caller's. */
const all = { all: true };

/**
 * `/app/xoneadmin` (000 §2): the users of every company (of their own for a company
 * administrator), with the users resource's fields and operations (protocol/resources/users.ts),
 * plus the company each belongs to, picked when creating one.
 */
export const ALL_USERS = defineResource({
  ...USERS,
  name: 'all-users',
  title: {
    one: { es: 'Usuario', en: 'User' },
    many: { es: 'Todos los usuarios', en: 'All users' },
  },
  path: '/app/xoneadmin',
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
    ...USERS.fields.filter((f) => f.source !== 'environments'),
  ],
  filterOperators: { ...USERS.filterOperators, company: operatorsFor('text') },
  verbs: {
    list: { permission: admin, call: { operation: 'companyUsers', fixed: all } },
    export: { permission: admin, call: { operation: 'companyUsers', fixed: all } },
    show: { permission: admin, call: { operation: 'companyUser', id: 'idusr', fixed: all } },
    create: { permission: admin, call: { operation: 'createUser', rename } },
    edit: { permission: admin, call: { operation: 'updateUser', id: 'idusr', rename } },
    delete: { permission: admin, call: { operation: 'deleteUser', id: 'idsuser' } },
  },
});
