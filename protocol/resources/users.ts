import { operatorsFor, TextOperator } from '../filters';
import { RIGHTS_LABELS } from '../roles';
import type { VerbPermission } from '../resource-definition';
import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

const admin: VerbPermission = { role: 'admin' };
/** The specification's calls (`createUser`, `updateUser`) name the login, password and role so. */
export const USER_RENAME = { login: 'username', password: 'pwd', rights: 'role' };

export const USER_RIGHTS = Object.entries(RIGHTS_LABELS).map(([code, label]) => ({ code, label }));

/**
 * `/app/users` (001 §2 "Users (company administration)", 002 §7 company and user calls): the
 * company's users with their projects; administrators create, edit, lock and delete them. Served
 * by the engine on the table it maps, core.users (docs/resources.md, "People on the engine");
 * its rules (password, login, rights, environments, quota, the invitation mail) in
 * server/engine/hooks/users.ts; the specification's calls in server/services/admin/users.ts.
 */
const ENTITY = defineEntity({
  name: 'users',
  table: 'users', // core.users, made by migration 0001
  mapped: { columns: { idcia: 'company_id' } },
  wireRename: USER_RENAME,
  actions: { create: 'user_created', edit: 'user_modified', delete: 'user_deleted' },
  permissions: { read: admin, write: admin },
  title: {
    one: { es: 'Usuario', en: 'User' },
    many: { es: 'Usuarios', en: 'Users' },
  },
  path: '/app/users',
  labelField: 'login',
  sort: { field: 'login', order: 'ASC' },
  // Many inputs (the environments checklist grows with the company): a page, not a dialog.
  form: 'page',
  search: { es: 'Buscar por usuario o correo', en: 'Search by user or e-mail' },
  fields: [
    field('login', 'text', {
      label: { es: 'Usuario', en: 'User' },
      create: true,
      edit: true,
      required: true,
      minLength: 3,
      maxLength: 100,
      pattern: '[A-Za-z0-9._@-]+',
      hint: {
        es: 'letras sin acentos, cifras y . _ @ -',
        en: 'letters without accents, digits and . _ @ -',
      },
      available: 'loginAvailable',
    }),
    field('email', 'text', {
      label: { es: 'Correo electrónico', en: 'E-mail' },
      create: true,
      edit: true,
      required: true,
      format: 'email',
      maxLength: 200,
    }),
    // Written, never read back: the hook stores its hash; rows, revisions and the log never hold it.
    field('password', 'password', {
      label: { es: 'Contraseña', en: 'Password' },
      list: false,
      filter: false,
      sort: false,
      export: false,
      create: true,
      edit: true,
      minLength: 8,
      maxLength: 200,
    }),
    field('rights', 'choice', {
      label: { es: 'Rol', en: 'Role' },
      choices: USER_RIGHTS,
      create: true,
      edit: true,
      required: true,
      default: 'USUARIO',
    }),
    field('twofactor', 'boolean', {
      label: { es: 'Doble factor', en: 'Two-factor' },
      create: true,
      edit: true,
      default: false,
    }),
    field('environments', 'reference', {
      label: { es: 'Entornos', en: 'Environments' },
      reference: 'environments',
      multiple: true,
      list: false,
      filter: false,
      sort: false,
      export: false,
      create: true,
      edit: true,
    }),
    field('projects', 'int', { label: { es: 'Proyectos', en: 'Projects' }, computed: true }),
    // Changed by locking (`lockUser`), not by a form: not computed, so its Historial shows it.
    field('active', 'boolean', { label: { es: 'Activo', en: 'Active' }, readOnly: true }),
    field('created_at', 'date', { label: { es: 'Alta', en: 'Created' }, computed: true }),
    // The company (000 §7 user list: `idcia`), the scope the engine fills.
    field('idcia', 'int', {
      label: { es: 'Compañía', en: 'Company' },
      computed: true,
      list: false,
      filter: false,
      sort: false,
      export: false,
    }),
  ],
  rowColours: [{ field: 'active', equals: false, colour: 'disabled' }],
  hiddenColumns: ['updatedAt'],
});

export const USERS = {
  ...ENTITY,
  filterOperators: {
    ...ENTITY.filterOperators,
    rights: [TextOperator.equals, TextOperator.notEquals],
    projects: operatorsFor('numeric'),
  },
  // 001 §8: a refused user operation says 'Operación fallida' with the server's description.
  notices: {
    saveFailed: { es: 'Operación fallida:', en: 'Operation failed:' },
    deleteFailed: { es: 'No se pudo borrar el usuario:', en: 'The user could not be deleted:' },
  },
};
