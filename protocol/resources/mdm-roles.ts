import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { mdmAccess } from './mdm-access';

/** The MDM actions a role allows; seeing the devices it reaches comes with every role. */
export const MDM_ACTIONS = ['command', 'wipe', 'approve', 'editPolicies'] as const;
export type MdmAction = (typeof MDM_ACTIONS)[number];

/** The organizations (one per platform) a role may reach. */
export const MDM_ROLE_PLATFORMS = ['android', 'ios', 'windows'] as const;

const yes = (source: string, es: string, en: string) =>
  field(source, 'boolean', {
    label: { es, en },
    required: true,
    default: true,
    create: true,
    edit: true,
  });

/**
 * `/app/mdmroles` (002 §2, issue 36): operator roles. A role allows some MDM actions (a yes/no
 * each: send commands, wipe, approve or refuse enrolled devices, change policies and devices) on
 * the devices of the organizations (platforms) and the project — or some device groups of it — it
 * reaches, and names its operators (console users, by login). An operator named in a role is limited to what their roles
 * allow together; one named in none keeps what their profile gives. The server checks it
 * (server/mdm/roles.ts): every MDM operation, and the lists' and dashboard's SQL.
 */
export const MDM_ROLES = defineEntity({
  name: 'mdm-roles',
  table: 'mdm_roles',
  title: {
    one: { es: 'Rol MDM', en: 'MDM role' },
    many: { es: 'Roles MDM', en: 'MDM roles' },
  },
  path: '/app/mdmroles',
  labelField: 'name',
  search: { es: 'Buscar por nombre u operador', en: 'Search by name or operator' },
  ...mdmAccess('admin', 'mdmroles', 17),
  sort: { field: 'name', order: 'ASC' },
  fields: [
    field('name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      required: true,
      unique: true,
      maxLength: 100,
      create: true,
      edit: true,
    }),
    field('operators', 'text', {
      label: { es: 'Operadores', en: 'Operators' },
      maxLength: 1000,
      hint: {
        es: 'usuarios de la consola, separados por espacios',
        en: 'console users, separated by spaces',
      },
      create: true,
      edit: true,
    }),
    yes('command', 'Enviar órdenes', 'Send commands'),
    yes('wipe', 'Borrar dispositivos', 'Wipe devices'),
    yes('approve', 'Aprobar dispositivos', 'Approve devices'),
    yes('editPolicies', 'Cambiar políticas y dispositivos', 'Change policies and devices'),
    yes('android', 'Organización Android', 'Android organization'),
    yes('ios', 'Organización iOS', 'iOS organization'),
    yes('windows', 'Organización Windows', 'Windows organization'),
    field('project', 'reference', {
      label: { es: 'Proyecto', en: 'Project' },
      reference: 'recents',
      hint: {
        es: 'los dispositivos que alcanza; vacío: todos los proyectos',
        en: 'the devices it reaches; empty: every project',
      },
      create: true,
      edit: true,
    }),
    field('deviceGroups', 'reference', {
      label: { es: 'Grupos de dispositivos', en: 'Device groups' },
      reference: 'groups',
      projectField: 'project',
      multiple: true,
      filter: false,
      sort: false,
      export: false,
      hint: {
        es: 'grupos del proyecto; vacío: todo el proyecto',
        en: 'groups of the project; empty: the whole project',
      },
      create: true,
      edit: true,
    }),
  ],
});
