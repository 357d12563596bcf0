import { Badge, Button } from '@mui/material';
import { TopToolbar, useListContext, useTranslate } from 'react-admin';
import { ExportMenu, rowFilterCount, useListPageFetcher } from '../schema';
import { ACTION_LABELS } from './actionLabels';
import { useDeviceListUi } from './deviceListUi';
import type { DeviceAction } from './deviceMenuItems';
import { MailPushMenuButton } from './remote/MailPushMenuButton';
import { useDeviceCommands } from './useDeviceCommands';

/**
 * Actions that need no selection, offered without a right-click (and on touch screens); the
 * actions on a selection are in the bar that appears above it (DeviceBulkActions).
 */
const TOOLBAR_ACTIONS: readonly DeviceAction[] = ['new', 'selectAll'];

/** The list's top toolbar: New, select all or none, the filter row toggle and Export. */
export function DeviceToolbar() {
  const translate = useTranslate();
  const ui = useDeviceListUi();
  const { filterValues, total, selectedIds } = useListContext();
  const { actions, run } = useDeviceCommands();
  const fetchPage = useListPageFetcher();
  const filters = rowFilterCount(filterValues);
  const { Icon: FilterIcon, label: filterLabel } = ACTION_LABELS.columnFilter;

  return (
    <TopToolbar sx={{ flexWrap: 'wrap', flexShrink: { md: 0 }, gap: 0.5, minHeight: 'auto' }}>
      {actions
        // With a selection, its own bar (over this one) offers select all and unselect.
        .filter((action) => TOOLBAR_ACTIONS.includes(action))
        .filter((action) => action !== 'selectAll' || selectedIds.length === 0)
        .map((action) => {
          const { label, Icon } = ACTION_LABELS[action];
          return (
            <Button key={action} size="small" startIcon={<Icon />} onClick={() => run(action)}>
              {translate(label)}
            </Button>
          );
        })}
      <Button
        size="small"
        aria-pressed={ui.filterRowOpen}
        aria-label={filters ? `${translate(filterLabel)} (${filters})` : undefined}
        variant={ui.filterRowOpen ? 'outlined' : 'text'}
        startIcon={
          filters ? (
            <Badge badgeContent={filters} color="primary" max={99}>
              <FilterIcon />
            </Badge>
          ) : (
            <FilterIcon />
          )
        }
        onClick={() => run('columnFilter')}
      >
        {translate(filterLabel)}
      </Button>
      <MailPushMenuButton />
      <ExportMenu
        schema={ui.schema}
        fetchPage={fetchPage}
        project={ui.projectName}
        disabled={!total}
      />
    </TopToolbar>
  );
}
