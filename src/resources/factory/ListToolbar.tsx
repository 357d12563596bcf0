import type { ReactNode } from 'react';
import { Badge } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import { Button, ColumnsButton, TopToolbar, useListContext, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../protocol/resource-definition';
import { ExportMenu } from '../schema/ExportMenu';
import { rowFilterCount } from '../schema/FilterRow';
import { useListPageFetcher } from '../schema/useListPageFetcher';

interface ListToolbarProps {
  definition: ResourceDefinition;
  canCreate: boolean;
  canExport: boolean;
  /** The company's or project's name, for the PDF title and the file names. */
  owner: string;
  onCreate(): void;
  /** The per-column filter row's toggle, when the list has fields to filter by. */
  filterRow?: { open: boolean; onToggle(): void };
  /** The resource's own buttons (its toolbar slot), after create. */
  extra?: ReactNode;
  /** Where the person's column choice is kept: the column chooser's (none on a phone's cards). */
  columnChoice?: string;
}

/**
 * The list's actions: create (when offered and allowed), the filter row toggle, the column
 * chooser (react-admin's, over the table's columns, kept per person), the exports.
 */
export function ListToolbar({
  definition,
  canCreate,
  canExport,
  owner,
  onCreate,
  filterRow,
  extra,
  columnChoice,
}: ListToolbarProps) {
  return (
    // On a phone the buttons wrap onto a second line rather than run off the left edge.
    <TopToolbar sx={{ flexWrap: 'wrap', rowGap: 0.5, minWidth: 0, maxWidth: '100%' }}>
      {canCreate && (
        <Button label="ra.action.create" onClick={onCreate}>
          <AddIcon />
        </Button>
      )}
      {extra}
      {filterRow && <FilterRowToggle {...filterRow} />}
      {columnChoice && <ColumnsButton storeKey={columnChoice} />}
      {canExport && <Exports definition={definition} owner={owner} />}
    </TopToolbar>
  );
}

/**
 * Pressed while the row is shown. The count of filters set is in its text, so that what it
 * shows is its name (axe: label-content-name-mismatch), and a dot on its icon says so when a
 * phone shows the icon alone.
 */
function FilterRowToggle({ open, onToggle }: { open: boolean; onToggle(): void }) {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const count = rowFilterCount(filterValues);
  const text = translate('factory.filter_row.toggle');
  return (
    <Button
      label={count ? `${text} (${count})` : text}
      aria-pressed={open}
      variant={open ? 'outlined' : 'text'}
      onClick={onToggle}
    >
      {count ? (
        <Badge variant="dot" color="primary">
          <FilterListIcon />
        </Badge>
      ) : (
        <FilterListIcon />
      )}
    </Button>
  );
}

function Exports({ definition, owner }: { definition: ResourceDefinition; owner: string }) {
  const fetchPage = useListPageFetcher();
  return <ExportMenu schema={definition} fetchPage={fetchPage} project={owner} />;
}
