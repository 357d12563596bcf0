import { operatorsFor, TextOperator } from '../filters';
import { RIGHTS_LABELS } from '../roles';
import { defineResource, type VerbPermission } from '../resource-definition';
import { field } from '../resource-schema';

const admin: VerbPermission = { role: 'admin' };
/** The create and edit calls name the login, password and role as the specification does. */
export const USER_RENAME = { login: 'username', password: 'pwd', rights: 'role' };
const rename = USER_RENAME;

export const USER_RIGHTS = Object.entries(RIGHTS_LABELS).map(([code, label]) => ({ code, label }));

/**
 * `/app/users` (001 §2 "Users (company administration)", 002 §7 company and user calls): the
 * company's users with their projects; administrators create, edit, lock and delete them.
 */
export const USERS = defineResource({
  name: 'users',
  title: {
    one: { es: 'Usuario', en: 'User' },
    many: { es: 'Usuarios', en: 'Users' },
  },
  path: '/app/users',
  key: 'id',
  labelField: 'login',
  // A company's custom fields of its users, kept by the hand-written operations (issue 34, point 7).
  customColumnOf: 'core.users',
  // 001 §8: a refused user operation says 'Operación fallida' with the server's description.
  notices: {
    saveFailed: { es: 'Operación fallida:', en: 'Operation failed:' },
    deleteFailed: { es: 'No se pudo borrar el usuario:', en: 'The user could not be deleted:' },
  },
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
    field('projects', 'int', {
      label: { es: 'Proyectos', en: 'Projects' },
      computed: true,
    }),
    field('active', 'boolean', {
      label: { es: 'Activo', en: 'Active' },
      computed: true,
    }),
    field('created_at', 'date', {
      label: { es: 'Alta', en: 'Created' },
      computed: true,
    }),
  ],
  filterOperators: {
    login: operatorsFor('text'),
    email: operatorsFor('text'),
    rights: [TextOperator.equals, TextOperator.notEquals],
    projects: operatorsFor('numeric'),
    created_at: [TextOperator.contains, TextOperator.notContains],
  },
  rowColours: [{ field: 'active', equals: false, colour: 'disabled' }],
  verbs: {
    list: { permission: admin, call: { operation: 'companyUsers' } },
    export: { permission: admin, call: { operation: 'companyUsers' } },
    show: { permission: admin, call: { operation: 'companyUser', id: 'idusr' } },
    create: { permission: admin, call: { operation: 'createUser', rename } },
    edit: { permission: admin, call: { operation: 'updateUser', id: 'idusr', rename } },
    delete: { permission: admin, call: { operation: 'deleteUser', id: 'idsuser' } },
  },
});
