import { useLocale } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { ProjectScreen } from '../../project/ProjectScreen';
import { useCurrentProject } from '../../project/useCurrentProject';
import { useSession } from '../../dataProvider';
import { useOverriddenDefinition } from '../overrides/useOverriddenDefinition';
import { DefinitionList, type DefinitionListProps } from './DefinitionList';
import { DefinitionPage } from './DefinitionPage';
import { ScreenFallback } from '../../layout/ScreenFallback';

/**
 * The screen of a declared resource at its path, as the company customised it: a company
 * resource's list as it is, a project resource's under the project picker, every call carrying
 * the chosen project's `database`.
 */
export default function DefinitionScreen(props: { definition: ResourceDefinition }) {
  // The company's customisation of the list (hidden, reordered, relabelled fields).
  const definition = useOverriddenDefinition(props.definition);
  if (!definition) return <ScreenFallback />;
  return definition.scope === 'project' ? (
    <ProjectDefinitionScreen definition={definition} />
  ) : (
    <CompanyDefinitionScreen definition={definition} />
  );
}

function CompanyDefinitionScreen({ definition }: { definition: ResourceDefinition }) {
  const session = useSession();
  return <DefinitionBody definition={definition} owner={session.data?.company?.name ?? ''} />;
}

function ProjectDefinitionScreen({ definition }: { definition: ResourceDefinition }) {
  const language = useLocale() === 'en' ? 'en' : 'es';
  const { projects } = useCurrentProject();
  return (
    <ProjectScreen title={definition.title.many[language]}>
      {(database) => (
        <DefinitionBody
          key={database}
          definition={definition}
          database={database}
          owner={projects.find((p) => p.numero === database)?.name ?? String(database)}
        />
      )}
    </ProjectScreen>
  );
}

/**
 * The list, and for a resource whose forms are pages (`form: 'page'`) its create and edit pages
 * under the list's path (App.tsx mounts such a resource at `<path>/*`).
 */
function DefinitionBody(props: DefinitionListProps) {
  if (props.definition.form !== 'page') return <DefinitionList {...props} />;
  const page = { definition: props.definition, database: props.database };
  return (
    <Routes>
      <Route index element={<DefinitionList {...props} />} />
      <Route path="create" element={<DefinitionPage mode="create" {...page} />} />
      <Route path=":id" element={<DefinitionPage mode="edit" {...page} />} />
    </Routes>
  );
}
