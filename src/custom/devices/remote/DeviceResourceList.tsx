import { LinearProgress, Typography } from '@mui/material';
import { ResourceContextProvider, useLocale, type Identifier, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../../protocol/resource-definition';
import { DefinitionList } from '../../../resources/factory/DefinitionList';
import { useOverriddenDefinition } from '../../../resources/overrides/useOverriddenDefinition';

/** What a device dialog's tab with lists needs: the project, the device, the project's name. */
export interface DeviceListsProps {
  database: number;
  mid: string;
  /** The project's name, for the exports. */
  owner: string;
}

interface DeviceResourceListProps extends DeviceListsProps {
  /** A declared resource of one device's records (protocol/resources, `embedded`). */
  definition: ResourceDefinition;
  /** More of the fixed filter than the device (a provision task's log names its task). */
  fixed?: Record<string, unknown>;
  /** The heading, when it says more than the resource's name (which task's log). */
  title?: string;
  /** What a click on a row does (choose the task whose log is shown). */
  onOpen?: (record: RaRecord) => void;
  /** The row chosen, shown selected. */
  current?: Identifier;
}

/**
 * One of a device's lists inside its edit dialog (help-desk files, command history, error logs,
 * provision tasks and a task's log):
 * the declared resource's list as the company customised it, with the device as its fixed
 * filter, under a heading with the resource's name.
 */
export function DeviceResourceList(props: DeviceResourceListProps) {
  const { definition, database, mid, owner, fixed, onOpen, current } = props;
  const language = useLocale() === 'en' ? 'en' : 'es';
  const customised = useOverriddenDefinition(definition);
  const title = props.title ?? definition.title.many[language];
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
            fixedFilter={{ mid, ...fixed }}
            embedded
            owner={owner}
            label={title}
            onOpen={onOpen}
            current={current}
          />
        </ResourceContextProvider>
      ) : (
        <LinearProgress aria-label={title} />
      )}
    </section>
  );
}
