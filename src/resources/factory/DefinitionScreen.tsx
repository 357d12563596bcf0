import { Loading, useLocale } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { ProjectScreen } from '../../custom/project/ProjectScreen';
import { useCurrentProject } from '../../custom/project/useCurrentProject';
import { useSession } from '../../dataProvider';
import { useOverriddenDefinition } from '../overrides/useOverriddenDefinition';
import { DefinitionList } from './DefinitionList';

/**
 * The screen of a declared resource at its path, as the company customised it: a company
 * resource's list as it is, a project resource's under the project picker, every call carrying
 * the chosen project's `database`.
 */
export default function DefinitionScreen(props: { definition: ResourceDefinition }) {
  // The company's customisation of the list (hidden, reordered, relabelled fields).
  const definition = useOverriddenDefinition(props.definition);
  if (!definition) return <Loading />;
  return definition.scope === 'project' ? (
    <ProjectDefinitionScreen definition={definition} />
  ) : (
    <CompanyDefinitionScreen definition={definition} />
  );
}

function CompanyDefinitionScreen({ definition }: { definition: ResourceDefinition }) {
  const session = useSession();
  return <DefinitionList definition={definition} owner={session.data?.company?.name ?? ''} />;
}

function ProjectDefinitionScreen({ definition }: { definition: ResourceDefinition }) {
  const language = useLocale() === 'en' ? 'en' : 'es';
  const { projects } = useCurrentProject();
  return (
    <ProjectScreen title={definition.title.many[language]}>
      {(database) => (
        <DefinitionList
          key={database}
          definition={definition}
          database={database}
          owner={projects.find((p) => p.numero === database)?.name ?? String(database)}
        />
      )}
    </ProjectScreen>
  );
}
