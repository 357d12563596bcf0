import { SHARE_GENERAL, type ShareGeneralPermission } from '../projects';
import { mayField, type AccessLevel, type ProjectRole } from '../project-list';
import type { FieldLabel, FieldChoice, FieldSchema } from '../resource-schema';
import { field } from '../resource-schema';
import type { VerbPermission } from '../resource-definition';

/**
 * The fields of a project list row (protocol/project-list.ts ProjectListRow), shared by the
 * recent and shared project lists; each list says which it shows as columns. The others are in
 * the row's show view and the exports. Sorting and filtering are done in SQL by the list
 * operations (server/services/projects/recents.ts), which take the same sources.
 */

export const PROJECT_TYPE_CHOICES: FieldChoice[] = [
  { code: 'mam', label: { es: 'MAM', en: 'MAM' } },
  { code: 'kiosk', label: { es: 'Kiosco', en: 'Kiosk' } },
  { code: 'mdm', label: { es: 'MDM', en: 'MDM' } },
];

const ROLE_LABELS: Record<ProjectRole, FieldLabel> = {
  owner: { es: 'Propietario', en: 'Owner' },
  admin: { es: 'Administrador', en: 'Administrator' },
  shared: { es: 'Compartido con usted', en: 'Shared with you' },
};

const ACCESS_LABELS: Record<AccessLevel, FieldLabel> = {
  full: { es: 'Acceso completo', en: 'Full access' },
  read: { es: 'Solo lectura', en: 'Read only' },
  partial: { es: 'Acceso parcial', en: 'Partial access' },
  none: { es: 'Sin acceso a los apartados', en: 'No access to any section' },
};

const PERMISSION_LABELS: Record<ShareGeneralPermission, FieldLabel> = {
  download: { es: 'Puede descargar', en: 'May download' },
  delete: { es: 'Puede borrar', en: 'May delete' },
  publish: { es: 'Puede publicar', en: 'May publish' },
  edit: { es: 'Puede editar', en: 'May edit' },
  share: { es: 'Puede compartir', en: 'May share' },
  restore: { es: 'Puede restaurar', en: 'May restore' },
};

const choicesOf = (labels: Record<string, FieldLabel>): FieldChoice[] =>
  Object.entries(labels).map(([code, label]) => ({ code, label }));

/** What the caller is to the project, by its label. */
export const PROJECT_ROLE_CHOICES = choicesOf(ROLE_LABELS);
/** The caller's access tree in one word, by its label. */
export const PROJECT_ACCESS_CHOICES = choicesOf(ACCESS_LABELS);

/** Every signed-in user lists the projects they reach (the operations check `user`). */
export const PROJECT_LIST_PERMISSION: VerbPermission = { role: 'user' };

/** The search box: `q` looks in the name and the database name. */
export const PROJECT_SEARCH: FieldLabel = { es: 'Buscar proyectos', en: 'Search projects' };

const plain = { filter: false, computed: true } as const;
const unsorted = { ...plain, sort: false } as const;

/** The row's fields, in column order; `listed` names those shown as columns. */
export function projectFields(listed: readonly string[]): FieldSchema[] {
  const fields = [
    field('name', 'text', { label: { es: 'Proyecto', en: 'Project' }, ...plain }),
    field('projectType', 'choice', {
      label: { es: 'Tipo', en: 'Type' },
      choices: PROJECT_TYPE_CHOICES,
      computed: true,
    }),
    field('lastaccess', 'datetime', {
      label: { es: 'Último acceso', en: 'Last opened' },
      noWrap: true,
      ...plain,
    }),
    field('licensesInUse', 'int', {
      label: { es: 'Licencias en uso', en: 'Licences in use' },
      ...unsorted,
    }),
    field('licences', 'int', { label: { es: 'Licencias', en: 'Licences' }, ...plain }),
    field('username', 'text', {
      label: { es: 'Propietario', en: 'Owner' },
      computed: true,
    }),
    field('role', 'choice', {
      label: { es: 'Su papel', en: 'Your role' },
      choices: PROJECT_ROLE_CHOICES,
      sort: false,
      computed: true,
    }),
    field('access', 'choice', {
      label: { es: 'Acceso', en: 'Access' },
      choices: PROJECT_ACCESS_CHOICES,
      ...unsorted,
    }),
    field('shares', 'int', {
      label: { es: 'Compartido con (usuarios)', en: 'Shared with (users)' },
      ...unsorted,
    }),
    ...SHARE_GENERAL.map((permission) =>
      field(mayField(permission), 'boolean', { label: PERMISSION_LABELS[permission], ...unsorted }),
    ),
    field('dbname', 'text', { label: { es: 'Base de datos', en: 'Database' }, ...plain }),
    field('numero', 'int', { label: { es: 'Número', en: 'Number' }, ...plain }),
  ];
  return fields.map((f) => ({ ...f, list: listed.includes(f.source) }));
}
