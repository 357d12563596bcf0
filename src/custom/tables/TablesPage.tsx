import { ProjectScreen } from '../../project/ProjectScreen';
import { TablesWorkspace } from './TablesWorkspace';

/**
 * `/app/sqltables` (000 §2, 001 §2 "Database tables screen"): the chosen project's tables and
 * the system databases', with the design, data, SQL, template and provisioning tabs.
 */
export default function TablesPage() {
  return (
    <ProjectScreen title="menu.sqltables">
      {(database) => <TablesWorkspace key={database} database={database} />}
    </ProjectScreen>
  );
}
