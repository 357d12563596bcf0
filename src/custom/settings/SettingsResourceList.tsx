import { Alert, LinearProgress, Typography } from '@mui/material';
import { ResourceContextProvider, useLocale, useTranslate } from 'react-admin';
import { canAccess, type AccessNodeId } from '../../../protocol/access-tree';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import { useOverriddenDefinition } from '../../resources/overrides/useOverriddenDefinition';
import { useProjectAccess } from '../../project/useProjectAccess';

interface SettingsResourceListProps {
  /** A declared resource of the project's settings (protocol/resources, `embedded`). */
  definition: ResourceDefinition;
  database: number;
  /** A sentence under the heading: what the list is for. */
  intro?: string;
}

/**
 * One list of a tab of /app/setting: the declared resource as the company customised it, under
 * a heading with its name, or a notice when the caller's access tree of the project does not
 * show its node (the server refuses it anyway).
 */
export function SettingsResourceList({ definition, database, intro }: SettingsResourceListProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const customised = useOverriddenDefinition(definition);
  const access = useProjectAccess(database);
  const title = definition.title.many[language];
  if (!customised || !access.data) return <LinearProgress aria-label={title} />;
  const allowed = canAccess(access.data.jsonAccess, definition.node as AccessNodeId, 'show');
  return (
    <section aria-label={title}>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        {title}
      </Typography>
      {intro && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {intro}
        </Typography>
      )}
      {allowed ? (
        <ResourceContextProvider value={definition.name}>
          <DefinitionList
            definition={customised}
            database={database}
            owner={access.data.name}
            embedded
          />
        </ResourceContextProvider>
      ) : (
        <Alert severity="info">{translate('projectSettings.denied', { area: title })}</Alert>
      )}
    </section>
  );
}
