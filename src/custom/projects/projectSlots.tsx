import { SelectInput } from 'react-admin';
import { PROJECT_TYPES } from '../../../protocol/projects';
import type { ResourceSlots } from '../../resources/slots';
import { ProjectListHeader } from './ProjectListHeader';
import { ProjectRowActions } from './ProjectRowActions';

/** The project type, always shown beside the search box (the `projectType` filter field). */
const projectTypeFilter = (
  <SelectInput
    key="projectType"
    source="projectType"
    label="projects.shareds.type"
    choices={PROJECT_TYPES.map((type) => ({ id: type, name: `projects.shareds.types.${type}` }))}
    emptyText="projects.shareds.types.all"
    helperText={false}
    alwaysOn
  />
);

/**
 * The recent and shared project lists' own parts (src/resources/slots.ts): each row's open, share
 * and publish, and the dialogs the address names; the shared list also filters by type.
 */
export const PROJECT_LIST_SLOTS: Record<'recents' | 'shareds', ResourceSlots> = {
  recents: { rowActions: ProjectRowActions, header: ProjectListHeader },
  shareds: {
    rowActions: ProjectRowActions,
    header: ProjectListHeader,
    filters: [projectTypeFilter],
  },
};
