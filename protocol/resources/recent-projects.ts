import { defineResource, type VerbDefinition } from '../resource-definition';
import { PROJECT_LIST_PERMISSION, PROJECT_SEARCH, projectFields } from './project-fields';

const list: VerbDefinition = {
  permission: PROJECT_LIST_PERMISSION,
  call: { operation: 'recents' },
};

/**
 * `/app/recents` (000 §2 recent projects): every project the caller can reach, the last opened
 * first (those never opened last, by name). Its row actions (open, share, publish, each for who
 * may) and the share and publish dialogs named by the address (`?modal=share&pid=<pid>`) are
 * slots (src/resources/slots.ts). The name `recents` is also its menu entry's, which its screen's
 * guard checks.
 */
export const RECENT_PROJECTS = defineResource({
  name: 'recents',
  title: {
    one: { es: 'Proyecto reciente', en: 'Recent project' },
    many: { es: 'Proyectos recientes', en: 'Recent projects' },
  },
  path: '/app/recents',
  scope: 'company',
  key: 'numero',
  labelField: 'name',
  sort: { field: 'lastaccess', order: 'DESC' },
  // Server grids: 100 rows by default, with choices 10, 20, 50 (000 §9).
  perPage: [100, 10, 20, 50],
  search: PROJECT_SEARCH,
  fields: projectFields([
    'name',
    'projectType',
    'lastaccess',
    'licensesInUse',
    'licences',
    'username',
    'role',
  ]),
  verbs: { list, export: list },
});
