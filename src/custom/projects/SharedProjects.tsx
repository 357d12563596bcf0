import { MenuItem, TextField } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PROJECT_TYPES, type ProjectType } from '../../../protocol/projects';
import type { FlotaDataProvider } from '../../dataProvider';
import { ProjectsScreen } from './ProjectsScreen';
import { useProjectPage } from './useProjectPage';

const ALL = 'all';

/** The `projectType` parameter of the address, when it names a project type. */
function useProjectType() {
  const [params, setParams] = useSearchParams();
  const named = params.get('projectType');
  const projectType = PROJECT_TYPES.find((type) => type === named);
  const setProjectType = (next: ProjectType | undefined) =>
    setParams(
      (previous) => {
        const changed = new URLSearchParams(previous);
        if (next) changed.set('projectType', next);
        else changed.delete('projectType');
        return changed;
      },
      { replace: true },
    );
  return [projectType, setProjectType] as const;
}

/**
 * `/app/shareds?projectType=mam|kiosk|mdm` (000 §2): projects shared with the caller and the
 * caller's own projects shared with others, each with its owner and what the caller may do.
 */
export default function SharedProjects() {
  const [projectType, setProjectType] = useProjectType();
  // A new type is a new list: its paging and search start afresh.
  return (
    <SharedList key={projectType ?? ALL} projectType={projectType} onProjectType={setProjectType} />
  );
}

function SharedList({
  projectType,
  onProjectType,
}: {
  projectType: ProjectType | undefined;
  onProjectType: (type: ProjectType | undefined) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const list = useProjectPage(['shareds', projectType ?? ALL], (params, signal) =>
    dataProvider.shareds(projectType ? { ...params, projectType } : params, signal),
  );
  return (
    <ProjectsScreen
      title="menu.shareds"
      list={list}
      columns={['owner', 'permissions']}
      table="projects.shareds.table"
      empty="projects.shareds.empty"
      filters={
        <TextField
          select
          size="small"
          label={translate('projects.shareds.type')}
          value={projectType ?? ALL}
          onChange={(event) => {
            const value = event.target.value;
            onProjectType(PROJECT_TYPES.find((type) => type === value));
          }}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          {[ALL, ...PROJECT_TYPES].map((type) => (
            <MenuItem key={type} value={type}>
              {translate(`projects.shareds.types.${type}`)}
            </MenuItem>
          ))}
        </TextField>
      }
    />
  );
}
