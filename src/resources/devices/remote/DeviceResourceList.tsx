import { LinearProgress, Typography } from '@mui/material';
import { ResourceContextProvider, useLocale } from 'react-admin';
import type { ResourceDefinition } from '../../../../protocol/resource-definition';
import { DefinitionList } from '../../factory/DefinitionList';
import { useOverriddenDefinition } from '../../overrides/useOverriddenDefinition';

interface DeviceResourceListProps {
  /** A declared resource of one device's records (protocol/resources, `embedded`). */
  definition: ResourceDefinition;
  database: number;
  mid: string;
  /** The project's name, for the exports. */
  owner: string;
}

/**
 * One of a device's lists inside its edit dialog (help-desk files, command history, error logs):
 * the declared resource's list as the company customised it, with the device as its fixed
 * filter, under a heading with the resource's name.
 */
export function DeviceResourceList({ definition, database, mid, owner }: DeviceResourceListProps) {
  const language = useLocale() === 'en' ? 'en' : 'es';
  const customised = useOverriddenDefinition(definition);
  const title = definition.title.many[language];
  return (
    <section aria-label={title}>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {title}
      </Typography>
      {customised ? (
        <ResourceContextProvider value={definition.name}>
          <DefinitionList
            definition={customised}
            database={database}
            fixedFilter={{ mid }}
            embedded
            owner={owner}
          />
        </ResourceContextProvider>
      ) : (
        <LinearProgress aria-label={title} />
      )}
    </section>
  );
}
