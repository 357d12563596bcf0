import { defineResource, type VerbDefinition } from '../resource-definition';
import { PROJECT_LIST_PERMISSION, PROJECT_SEARCH, projectFields } from './project-fields';

const list: VerbDefinition = {
  permission: PROJECT_LIST_PERMISSION,
  call: { operation: 'shareds' },
};

/**
 * `/app/shareds?projectType=mam|kiosk|mdm` (000 §2): the projects shared with the caller and the
 * caller's own projects shared with others, by name, with what the caller may do in each. A list
 * of its own (not recents with a filter): another operation, another order and other columns.
 * The project type is its always-shown filter; row actions and dialogs are slots, as in recents.
 */
export const SHARED_PROJECTS = defineResource({
  name: 'shareds',
  title: {
    one: { es: 'Proyecto compartido', en: 'Shared project' },
    many: { es: 'Proyectos compartidos', en: 'Shared projects' },
  },
  path: '/app/shareds',
  scope: 'company',
  key: 'numero',
  labelField: 'name',
  sort: { field: 'name', order: 'ASC' },
  perPage: [100, 10, 20, 50],
  search: PROJECT_SEARCH,
  fields: projectFields(['name', 'projectType', 'username', 'role', 'access', 'shares']),
  verbs: { list, export: list },
});
