import { Divider, ListItemText, ListSubheader, MenuItem, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CommandName } from '../../../../protocol/commands';
import { MENU_COMMANDS } from './commandCatalog';
import { groupCommands } from './commandGroups';
import { SubMenu } from '../SubMenu';
import { useDeviceToggles } from './useDeviceToggles';

/**
 * The commands of 001 §9 by group (information first, destructive last), each with its
 * explanatory tooltip; used as a submenu and a menu. With one device (`mid`), each policy
 * toggle says its current state as the device last reported it.
 */
export function CommandsMenu({
  anchor,
  onClose,
  onPick,
  commands = MENU_COMMANDS,
  database,
  mid = null,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onPick: (cmd: CommandName) => void;
  commands?: readonly CommandName[];
  database?: number | null;
  mid?: string | null;
}) {
  const translate = useTranslate();
  const toggles = useDeviceToggles(database, anchor ? mid : null);
  const groups = groupCommands(commands);
  return (
    <SubMenu anchor={anchor} onClose={onClose} label={translate('remote.menu.commands')}>
      {groups.flatMap(({ group, commands: members }, index) => [
        ...(index > 0 ? [<Divider key={`${group}-divider`} />] : []),
        <ListSubheader
          key={group}
          sx={{ lineHeight: '32px', color: group === 'destructive' ? 'error.main' : undefined }}
        >
          {translate(`remote.groups.${group}`)}
        </ListSubheader>,
        ...members.map((cmd) => {
          const state = toggles?.[cmd];
          return (
            <Tooltip
              key={cmd}
              title={translate(`remote.commands.${cmd}.tip`)}
              placement="right"
              arrow
              describeChild
            >
              <MenuItem
                onClick={() => {
                  onClose();
                  onPick(cmd);
                }}
                sx={group === 'destructive' ? { color: 'error.main' } : undefined}
              >
                <ListItemText
                  primary={translate(`remote.commands.${cmd}.label`)}
                  secondary={
                    state ? translate(`remote.command.${state.enabled ? 'on' : 'off'}`) : undefined
                  }
                  slotProps={{ secondary: { component: 'span', sx: { ml: 1 } } }}
                  sx={{ display: 'flex', alignItems: 'baseline' }}
                />
              </MenuItem>
            </Tooltip>
          );
        }),
      ])}
    </SubMenu>
  );
}
