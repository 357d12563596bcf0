import { LinearProgress } from '@mui/material';
import { ResourceContextProvider, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../../protocol/resource-definition';
import { DefinitionList } from '../../../resources/factory/DefinitionList';
import { useOverriddenDefinition } from '../../../resources/overrides/useOverriddenDefinition';

interface DeclaredDeviceListProps {
  /** group-picker or group-devices (protocol/resources). */
  definition: ResourceDefinition;
  database: number;
  /** The list's accessible name: the heading above it. */
  label: string;
  /** Rows held in memory instead of the list call (the group's devices). */
  data?: RaRecord[];
  initialFilter?: Record<string, unknown>;
  /** A click on a row: the picker ticks it in or out. */
  onOpen?: (record: RaRecord) => void;
}

/**
 * A device list of the group editor (or of an update's targets) as the declared resource's list,
 * customised as the company set it, inside the screen: its own sort, page and filters.
 */
export function DeclaredDeviceList({ definition, label, ...list }: DeclaredDeviceListProps) {
  const customised = useOverriddenDefinition(definition);
  if (!customised) return <LinearProgress aria-label={label} />;
  return (
    <ResourceContextProvider value={definition.name}>
      <DefinitionList definition={customised} owner="" embedded label={label} {...list} />
    </ResourceContextProvider>
  );
}
