import { useState } from 'react';
import { Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';
import { ACTION_LABELS } from './actionLabels';
import { useDeviceListUi } from './deviceListUi';
import type { DeviceAction } from './deviceMenuItems';
import { CommandsMenu } from './remote/CommandsMenu';
import { REMOTE_LABELS } from './remote/remoteActions';
import { useRemoteActions } from './remote/useRemoteActions';
import { useDeviceCommands } from './useDeviceCommands';
import { ProvisionMenu } from './provisioning/ProvisionMenu';
import { provisionItems } from './provisioning/provisionItems';

/** Actions that change devices, set apart from the selection and view items by a divider. */
const SEPARATED: readonly DeviceAction[] = ['columnFilter', 'delete'];

/** The right-click menu of a device row (001 §2), opened at the pointer. */
export function DeviceContextMenu({
  position,
  onClose,
}: {
  position: { top: number; left: number } | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { filterRowOpen, permissions, database } = useDeviceListUi();
  const { actions, run, busy, selectedRows } = useDeviceCommands();
  const remote = useRemoteActions();
  const [commandsAnchor, setCommandsAnchor] = useState<HTMLElement | null>(null);
  const [provisionAnchor, setProvisionAnchor] = useState<HTMLElement | null>(null);
  const provisioning = provisionItems(permissions, selectedRows.length);
  const provisionAfter = [...actions]
    .reverse()
    .find((action) => ['new', 'update', 'selectAll', 'unselect', 'edit', 'view'].includes(action));
  const provisionItem = provisioning.length > 0 && (
    <MenuItem key="provisioning" onClick={(event) => setProvisionAnchor(event.currentTarget)}>
      <ListItemText inset>{translate('provisioning.menu.title')}</ListItemText>
      <ChevronRightIcon fontSize="small" />
    </MenuItem>
  );
  const closeAll = () => {
    setCommandsAnchor(null);
    setProvisionAnchor(null);
    onClose();
  };

  const remoteItems = remote.actions.map((action) =>
    action === 'commands' ? (
      <MenuItem key={action} onClick={(event) => setCommandsAnchor(event.currentTarget)}>
        <ListItemText>{translate(REMOTE_LABELS[action])}</ListItemText>
        <ChevronRightIcon fontSize="small" />
      </MenuItem>
    ) : (
      <MenuItem
        key={action}
        onClick={() => {
          closeAll();
          remote.run(action);
        }}
      >
        <ListItemText inset>{translate(REMOTE_LABELS[action])}</ListItemText>
      </MenuItem>
    ),
  );

  return (
    <>
      <Menu
        open={position !== null}
        onClose={closeAll}
        anchorReference="anchorPosition"
        anchorPosition={position ?? undefined}
        slotProps={{ list: { 'aria-label': translate('resources.devicelist.action.menu') } }}
      >
        {actions.flatMap((action) => {
          const { label, Icon } = ACTION_LABELS[action];
          const item = (
            <MenuItem
              key={action}
              disabled={busy && action !== 'columnFilter'}
              onClick={() => {
                closeAll();
                run(action);
              }}
            >
              <ListItemIcon>
                {action === 'columnFilter' && filterRowOpen ? (
                  <CheckIcon fontSize="small" />
                ) : (
                  <Icon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText>{translate(label)}</ListItemText>
            </MenuItem>
          );
          const items = SEPARATED.includes(action)
            ? [<Divider key={`${action}-divider`} />, item]
            : [item];
          // The provisioning submenu follows Edit, before Enable / Disable (001 §2).
          return action === provisionAfter ? [...items, provisionItem] : items;
        })}
        <Divider key="remote-divider" />
        {remoteItems}
      </Menu>
      <ProvisionMenu
        anchor={provisionAnchor}
        items={provisioning}
        database={database}
        mids={selectedRows.map((row) => row.MID)}
        onClose={closeAll}
      />
      <CommandsMenu
        anchor={commandsAnchor}
        onClose={closeAll}
        onPick={(cmd) => remote.sendCommand(cmd)}
        database={database}
        mid={selectedRows.length === 1 ? selectedRows[0].MID : null}
      />
    </>
  );
}
