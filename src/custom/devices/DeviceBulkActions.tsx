import { useState } from 'react';
import { Button } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useTranslate } from 'react-admin';
import { ACTION_LABELS } from './actionLabels';
import type { DeviceAction } from './deviceMenuItems';
import { CommandsMenu } from './remote/CommandsMenu';
import { REMOTE_LABELS } from './remote/remoteActions';
import { useRemoteActions } from './remote/useRemoteActions';
import { useDeviceCommands } from './useDeviceCommands';
import { useDeviceListUi } from './deviceListUi';

/** Actions on the selected devices, shown in the bar that appears above a selection. */
const BULK_ACTIONS: readonly DeviceAction[] = [
  'update',
  'selectAll',
  'unselect',
  'edit',
  'view',
  'enable',
  'disable',
  'delete',
];

export function DeviceBulkActions() {
  const translate = useTranslate();
  const { actions, run, busy, selectedRows } = useDeviceCommands();
  const { database } = useDeviceListUi();
  const remote = useRemoteActions();
  const [commandsAnchor, setCommandsAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      {actions
        .filter((action) => BULK_ACTIONS.includes(action))
        .map((action) => {
          const { label, Icon } = ACTION_LABELS[action];
          return (
            <Button
              key={action}
              size="small"
              startIcon={<Icon />}
              disabled={busy}
              color={action === 'delete' ? 'error' : 'primary'}
              // The selection bar's tinted background leaves error.main at 4.4:1; dark is 6:1.
              sx={action === 'delete' ? { color: 'error.dark' } : undefined}
              onClick={() => run(action)}
            >
              {translate(label)}
            </Button>
          );
        })}
      {remote.actions.includes('commands') && (
        <Button
          size="small"
          endIcon={<ArrowDropDownIcon />}
          aria-haspopup="menu"
          onClick={(event) => setCommandsAnchor(event.currentTarget)}
        >
          {translate(REMOTE_LABELS.commands)}
        </Button>
      )}
      {remote.actions
        .filter((action) => action === 'mailSelected' || action === 'pushSelected')
        .map((action) => (
          <Button key={action} size="small" onClick={() => remote.run(action)}>
            {translate(REMOTE_LABELS[action])}
          </Button>
        ))}
      <CommandsMenu
        anchor={commandsAnchor}
        onClose={() => setCommandsAnchor(null)}
        onPick={(cmd) => remote.sendCommand(cmd)}
        database={database}
        mid={selectedRows.length === 1 ? selectedRows[0].MID : null}
      />
    </>
  );
}
