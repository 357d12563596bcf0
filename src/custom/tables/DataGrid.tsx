import { useMemo, useState } from 'react';
import { Box, LinearProgress } from '@mui/material';
import { ResourceContextProvider, useTranslate, type RaRecord } from 'react-admin';
import type { TableColumn } from '../../../protocol/table-data';
import type { TableSource } from '../../../protocol/tables';
import { DefinitionList } from '../../resources/factory/DefinitionList';
import { useDefinitionAccess } from '../../resources/factory/permissions';
import { useProjectAccess } from '../../project/useProjectAccess';
import { tableDefinition } from './tableDefinition';
import { tableGridSlots } from './tableGridSlots';
import { TableGridContext, type TableGridUi } from './tableGridUi';

interface DataGridProps {
  database: number;
  source: TableSource;
  table: string;
  columns: TableColumn[];
}

/**
 * Tab 2's data grid (001 §2, §9): the factory's list of the definition made from the table's
 * columns (tableDefinition.ts), read through `tablesData` paged, sorted and filtered by the
 * server, with the grid's own parts in its slots (tableGridSlots.tsx): the record editor, the
 * statement the server ran, the estimated total and the multi-select mode. Who may not write on
 * node 2, and any system source, only reads.
 */
export function DataGrid({ database, source, table, columns }: DataGridProps) {
  const translate = useTranslate();
  const definition = useMemo(
    () => tableDefinition(table, columns, source),
    [table, columns, source],
  );
  // The caller's rights decide what the grid offers: it waits for them rather than change.
  const access = useProjectAccess(database);
  const { can } = useDefinitionAccess(definition, database);
  const [multi, setMulti] = useState(false);
  const [statement, setStatement] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RaRecord | null>(null);
  const writable = can('edit');
  const slots = useMemo(() => tableGridSlots(writable, multi), [writable, multi]);
  const ui: TableGridUi = {
    database,
    table,
    columns,
    multi,
    setMulti,
    statement,
    setStatement,
    deleting,
    setDeleting,
  };

  if (access.isPending) return <LinearProgress />;
  return (
    <TableGridContext.Provider value={ui}>
      <Box sx={GRID_SX}>
        <ResourceContextProvider value={definition.name}>
          <DefinitionList
            definition={definition}
            database={database}
            owner={table}
            embedded
            slots={slots}
            label={translate('tables.grid.label', { table })}
          />
        </ResourceContextProvider>
      </Box>
    </TableGridContext.Provider>
  );
}

// A table of many rows scrolls inside the tab under its headers, so the selection panel below
// stays near; its rows' edit and delete stay in view however wide the table is.
const GRID_SX = {
  '& .RaDataTable-tableWrapper, & .RaList-content .MuiList-root': {
    maxHeight: '60vh',
    overflow: 'auto',
  },
  '& .MuiTableCell-head': { position: 'sticky', top: 0, zIndex: 2, bgcolor: 'background.paper' },
  '& .row-actions': { position: 'sticky', right: 0, zIndex: 1, bgcolor: 'background.paper' },
  '& .MuiTableCell-head.row-actions': { zIndex: 3 },
} as const;
