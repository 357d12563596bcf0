import { operatorsFor, TextOperator } from '../filters';
import { defineResource } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

/** Every action the server logs (server/actions-log.ts callers), with its label. */
export const ACTION_CODES: FieldChoice[] = [
  ['signin', 'Inicio de sesión', 'Sign-in'],
  ['signin_failed', 'Inicio de sesión fallido', 'Failed sign-in'],
  ['signin_locked', 'Cuenta bloqueada', 'Account locked'],
  ['signin_limited', 'Demasiados intentos', 'Too many attempts'],
  ['subscribe', 'Suscripción', 'Subscription'],
  ['company_enabled', 'Compañía activada', 'Company enabled'],
  ['company_disabled', 'Compañía desactivada', 'Company disabled'],
  ['environment_created', 'Entorno creado', 'Environment created'],
  ['environment_modified', 'Entorno modificado', 'Environment changed'],
  ['environment_deleted', 'Entorno borrado', 'Environment deleted'],
  ['server_licence_set', 'Licencia del servidor', 'Server licence set'],
  ['project_created', 'Proyecto creado', 'Project created'],
  ['project_imported', 'Proyecto importado', 'Project imported'],
  ['project_published', 'Proyecto publicado', 'Project published'],
  ['project_licences_changed', 'Licencias del proyecto', 'Project licences changed'],
  ['project_marked_deleted', 'Proyecto marcado para borrar', 'Project marked for deletion'],
  ['project_restored', 'Proyecto restaurado', 'Project restored'],
  ['project_purged', 'Proyecto eliminado', 'Project purged'],
  ['project_shared', 'Proyecto compartido', 'Project shared'],
  ['project_unshared', 'Proyecto dejado de compartir', 'Project unshared'],
  ['enrolment_token_created', 'Código de alta creado', 'Enrolment code created'],
  ['resource_customised', 'Recurso personalizado', 'Resource customised'],
  ['user_created', 'Usuario creado', 'User created'],
  ['user_modified', 'Usuario modificado', 'User changed'],
  ['user_locked', 'Usuario bloqueado', 'User locked'],
  ['user_unlocked', 'Usuario desbloqueado', 'User unlocked'],
  ['user_deleted', 'Usuario borrado', 'User deleted'],
  ['mail', 'Correo enviado', 'Mail sent'],
  ['action', 'Acción', 'Action'],
].map(([code, es, en]) => ({ code, label: { es, en } }));

/** The keys the server writes in an action's detail (server/actions-log.ts callers), labelled. */
const DETAIL_LABELS = Object.fromEntries(
  [
    ['ip', 'IP', 'IP'],
    ['limit', 'Límite', 'Limit'],
    ['project', 'Proyecto', 'Project'],
    ['name', 'Nombre', 'Name'],
    ['user', 'Usuario', 'User'],
    ['id', 'Id', 'Id'],
    ['company', 'Compañía', 'Company'],
    ['environment', 'Entorno', 'Environment'],
    ['copy', 'Copia', 'Copy'],
    ['from', 'Antes', 'Before'],
    ['to', 'Después', 'After'],
    ['dbname', 'Base de datos', 'Database'],
    ['database', 'Proyecto', 'Project'],
    ['failed', 'Fallidos', 'Failed'],
    ['uses', 'Usos', 'Uses'],
    ['days', 'Días', 'Days'],
    ['rotate', 'Renovable', 'Rotating'],
    ['tier', 'Plan', 'Plan'],
    ['previous', 'Plan anterior', 'Previous plan'],
    ['operation', 'Operación', 'Operation'],
    ['sent', 'Enviados', 'Sent'],
    ['skipped', 'Omitidos', 'Skipped'],
    ['address', 'Dirección', 'Address'],
    ['system', 'Sistema', 'System'],
    ['rights', 'Rol', 'Role'],
    ['resource', 'Recurso', 'Resource'],
    ['scope', 'Ámbito', 'Scope'],
    ['version', 'Versión', 'Version'],
    ['restored', 'Restaurada', 'Restored'],
    ['datedeleted', 'Marcado para borrar', 'Marked for deletion'],
  ].map(([key, es, en]) => [key, { es, en }]),
);

/** `/app/actions`: the actions log, the company's (administrators) or everyone's (top administrator). */
export const ACTIONS = defineResource({
  name: 'actions',
  title: {
    one: { es: 'Acción', en: 'Action' },
    many: { es: 'Registro de acciones', en: 'Actions log' },
  },
  path: '/app/actions',
  key: 'id',
  labelField: 'action',
  sort: { field: 'at', order: 'DESC' },
  fields: [
    field('at', 'datetime', { label: { es: 'Fecha', en: 'Date' } }),
    field('login', 'text', { label: { es: 'Usuario', en: 'User' } }),
    field('action', 'choice', { label: { es: 'Acción', en: 'Action' }, choices: ACTION_CODES }),
    field('detail', 'json', {
      label: { es: 'Detalle', en: 'Detail' },
      keyLabels: DETAIL_LABELS,
      sort: false,
      filter: false,
    }),
  ],
  filterOperators: {
    at: [TextOperator.contains, TextOperator.notContains],
    login: operatorsFor('text'),
    action: [TextOperator.equals, TextOperator.notEquals],
  },
  verbs: {
    list: { permission: { role: 'admin' }, call: { operation: 'actionsLog' } },
    export: { permission: { role: 'admin' }, call: { operation: 'actionsLog' } },
  },
});
