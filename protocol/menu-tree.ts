import {
  canAccess,
  normaliseTree,
  type AccessMode,
  type AccessNode,
  type AccessNodeDefinition,
} from './access-tree';
import type { Flavour } from './menu';

/**
 * The navigation menus as permission trees (002 §6), one per host flavour: the cloud portal's
 * and the manager's. A company administrator gives each user one per environment; the server
 * enforces it on every operation of the area (server/services/access/) and the menu shows only
 * what it allows. Labels are the console's i18n keys `access.menu.<id>`.
 */

const leaf = (id: string): AccessNodeDefinition<string> => ({ id });
const branch = (id: string, children: string[]): AccessNodeDefinition<string> => ({
  id,
  children: children.map((child) => leaf(`${id}.${child}`)),
});

/** Cloud portal tree: Projects, Administration, Devices (002 §6). */
export const CLOUD_TREE: AccessNodeDefinition<string>[] = [
  {
    id: 'projects',
    children: [
      leaf('projects.dashboard'),
      branch('projects.list', [
        'new',
        'import',
        'edit',
        'properties',
        'download',
        'delete',
        'save',
        'share',
        'publish',
      ]),
      branch('projects.security', ['createApi', 'deleteApi', 'createLogin', 'deleteLogin']),
      branch('projects.environments', ['new', 'delete', 'save']),
      branch('projects.frameworks', ['generate', 'download', 'publish', 'delete']),
    ],
  },
  {
    id: 'administration',
    children: [
      branch('administration.company', ['save', 'upload', 'deleteCertificate']),
      leaf('administration.users'),
    ],
  },
  branch('devices', ['mam', 'mdm']),
];

/** Manager tree: Administration (users, actions log, environments), Devices (002 §6). */
export const MANAGER_TREE: AccessNodeDefinition<string>[] = [
  branch('administration', ['users', 'actions', 'environments']),
  branch('devices', ['mam', 'mdm', 'kiosk']),
];

export const MENU_TREES: Record<Flavour, AccessNodeDefinition<string>[]> = {
  cloud: CLOUD_TREE,
  manager: MANAGER_TREE,
};

/**
 * Permission types of a user's stored trees (002 §6). This server keeps the menu trees (3, 6)
 * by environment; a user's project trees (1) are the shares of those projects (docs/decisions.md,
 * "Access trees per user"); 2, 4 and 5 belong to the manager's own server.
 */
export const PERMISSION_TYPE = {
  project: 1,
  manager: 2,
  cloudUi: 3,
  projectByEnvironment: 4,
  mamByEnvironment: 5,
  managerUi: 6,
} as const;

export const MENU_TREE_TYPE: Record<Flavour, number> = {
  cloud: PERMISSION_TYPE.cloudUi,
  manager: PERMISSION_TYPE.managerUi,
};

/** One stored tree of a user (lstPermissions, 002 §3): its environment, type and tree. */
export interface UserTreeEntry {
  idenv: number;
  type: number;
  access: AccessNode[];
}

/**
 * Whether a user's menu trees allow a node in an environment (002 §5, §6): no list at all allows
 * everything (a user never given a tree), a missing environment denies, an empty tree allows, and
 * a node missing from a tree is denied.
 */
export function menuAllows(
  entries: readonly UserTreeEntry[] | null,
  environmentId: number | null,
  node: string,
  mode: AccessMode,
): boolean {
  if (!entries || entries.length === 0) return true;
  const entry = entries.find((candidate) => candidate.idenv === environmentId);
  return entry ? canAccess(entry.access, node, mode) : false;
}

/** A submitted menu tree kept as stored: empty stays empty (allows), else normalised. */
export function normaliseMenuTree(input: unknown, flavour: Flavour): AccessNode[] {
  return Array.isArray(input) && input.length === 0
    ? []
    : normaliseTree(input, MENU_TREES[flavour]);
}

/**
 * The node of each menu entry (protocol/menu.ts), by flavour. An entry not named here (home,
 * profile, pricing, the administrators' screens) is not gated by the tree.
 */
export const ENTRY_NODES: Record<Flavour, Readonly<Record<string, string>>> = {
  cloud: {
    mam: 'projects.dashboard',
    recents: 'projects.list',
    shareds: 'projects.list',
    environments: 'projects.environments',
    mamdash: 'devices.mam',
    devicelist: 'devices.mam',
    monitoring: 'devices.mam',
    database: 'devices.mam',
    databasestat: 'devices.mam',
    setting: 'devices.mam',
    updates: 'devices.mam',
    reports: 'devices.mam',
    sqltables: 'devices.mam',
    search: 'devices.mam',
    users: 'administration.users',
    organization: 'administration.company',
    'identity-clients': 'projects.security',
    frameworks: 'projects.frameworks',
  },
  manager: {
    mam: 'devices.mam',
    recents: 'devices.mam',
    shareds: 'devices.mam',
    environments: 'administration.environments',
    mamdash: 'devices.mam',
    devicelist: 'devices.mam',
    monitoring: 'devices.mam',
    database: 'devices.mam',
    databasestat: 'devices.mam',
    setting: 'devices.mam',
    updates: 'devices.mam',
    reports: 'devices.mam',
    sqltables: 'devices.mam',
    search: 'devices.mam',
    users: 'administration.users',
    actions: 'administration.actions',
    kioskpremium: 'devices.kiosk',
  },
};

type Label = { es: string; en: string };
const label = (es: string, en: string): Label => ({ es, en });
const verbs = {
  new: label('Nuevo', 'New'),
  delete: label('Borrar', 'Delete'),
  save: label('Modificar', 'Modify'),
  download: label('Descargar', 'Download'),
  publish: label('Publicar', 'Publish'),
};

/** The menu trees' node labels, by id: the editor's rows and the server's refusals. */
export const MENU_NODE_LABELS: Readonly<Record<string, Label>> = {
  projects: label('Proyectos', 'Projects'),
  'projects.dashboard': label('Panel', 'Dashboard'),
  'projects.list': label('Lista de proyectos', 'Project list'),
  'projects.list.new': verbs.new,
  'projects.list.import': label('Importar', 'Import'),
  'projects.list.edit': label('Editar', 'Edit'),
  'projects.list.properties': label('Propiedades', 'Properties'),
  'projects.list.download': verbs.download,
  'projects.list.delete': verbs.delete,
  'projects.list.save': label('Aplicar cambios', 'Apply changes'),
  'projects.list.share': label('Compartir', 'Share'),
  'projects.list.publish': label('Publicar en entornos', 'Publish to environments'),
  'projects.security': label('Seguridad', 'Security'),
  'projects.security.createApi': label('Crear clientes de API', 'Create API clients'),
  'projects.security.deleteApi': label('Borrar clientes de API', 'Delete API clients'),
  'projects.security.createLogin': label('Crear clientes de acceso', 'Create login clients'),
  'projects.security.deleteLogin': label('Borrar clientes de acceso', 'Delete login clients'),
  'projects.environments': label('Entornos', 'Environments'),
  'projects.environments.new': verbs.new,
  'projects.environments.delete': verbs.delete,
  'projects.environments.save': verbs.save,
  'projects.frameworks': label('Frameworks', 'Frameworks'),
  'projects.frameworks.generate': label('Generar', 'Generate'),
  'projects.frameworks.download': verbs.download,
  'projects.frameworks.publish': verbs.publish,
  'projects.frameworks.delete': label('Borrar generaciones', 'Delete generations'),
  administration: label('Administración', 'Administration'),
  'administration.company': label('Empresa', 'Company'),
  'administration.company.save': label('Modificar datos', 'Modify details'),
  'administration.company.upload': label('Subir certificados', 'Upload certificates'),
  'administration.company.deleteCertificate': label('Borrar certificados', 'Delete certificates'),
  'administration.users': label('Usuarios', 'Users'),
  'administration.actions': label('Registro de acciones', 'Actions log'),
  'administration.environments': label('Entornos', 'Environments'),
  devices: label('Dispositivos', 'Devices'),
  'devices.mam': label('MAM', 'MAM'),
  'devices.mdm': label('MDM', 'MDM'),
  'devices.kiosk': label('Kiosco premium', 'Premium kiosk'),
};

/** A node as a person reads it, with its parents: "Proyectos → Entornos → Nuevo". */
export function menuNodeLabel(id: string, language: 'es' | 'en'): string {
  const parts = id.split('.');
  return parts
    .map((_, i) => MENU_NODE_LABELS[parts.slice(0, i + 1).join('.')]?.[language] ?? parts[i])
    .join(' → ');
}
