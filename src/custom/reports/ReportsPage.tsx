import { ProjectScreen } from '../../project/ProjectScreen';
import { ReportsWorkspace } from './ReportsWorkspace';

/**
 * `/app/reports` (000 §2, 001 §2 "Reports"): the chosen project's saved reports, the SQL editor
 * with its states (closed, editing, new with id -1), the macro form and the result grid.
 */
export default function ReportsPage() {
  return (
    <ProjectScreen title="menu.reports">
      {(database) => <ReportsWorkspace key={database} database={database} />}
    </ProjectScreen>
  );
}
