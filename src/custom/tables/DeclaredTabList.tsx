import { Box, LinearProgress } from '@mui/material';
import { ResourceContextProvider, type Identifier, type RaRecord } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import { useOverriddenDefinition } from '../../resources/overrides/useOverriddenDefinition';

interface DeclaredTabListProps {
  /** table-columns or provisioning-criteria (protocol/resources). */
  definition: ResourceDefinition;
  database: number;
  /** The rows the screen holds: the whole set, answered at once by the server. */
  data: RaRecord[];
  /** The list's accessible name, and the exports' owner. */
  label: string;
  /** The screen's chosen table, when it is one of the rows. */
  current?: Identifier;
}

/**
 * A tab of the tables screen as a declared resource's list held in memory, customised as the
 * company set it, with its own sort and page.
 */
export function DeclaredTabList({ definition, label, ...list }: DeclaredTabListProps) {
  const customised = useOverriddenDefinition(definition);
  if (!customised) return <LinearProgress aria-label={label} />;
  return (
    // A list without a toolbar starts where the tab's content does, as the tab's other parts.
    <Box sx={{ '& .RaList-main.RaList-noActions': { mt: 0 } }}>
      <ResourceContextProvider value={definition.name}>
        <DefinitionList definition={customised} owner={label} embedded label={label} {...list} />
      </ResourceContextProvider>
    </Box>
  );
}
