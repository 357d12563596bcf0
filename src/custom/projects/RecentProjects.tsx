import { useDataProvider } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { ProjectsScreen } from './ProjectsScreen';
import { useProjectPage } from './useProjectPage';

/**
 * `/app/recents` (000 §2): the projects the caller can reach, last opened first, then by name;
 * `?modal=share&pid=<pid>` opens the share dialog of one of them.
 */
export default function RecentProjects() {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const list = useProjectPage(['recents'], (params, signal) =>
    dataProvider.recents(params, signal),
  );
  return (
    <ProjectsScreen
      title="menu.recents"
      list={list}
      columns={['lastaccess', 'licences', 'owner']}
      table="projects.recents.table"
      empty="projects.recents.empty"
    />
  );
}
