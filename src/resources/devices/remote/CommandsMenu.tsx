import { ListItemText, MenuItem, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CommandName } from '../../../../protocol/commands';
import { MENU_COMMANDS } from './commandCatalog';
import { SubMenu } from '../SubMenu';

/** The commands of 001 §9, each with its explanatory tooltip; used as a submenu and a menu. */
export function CommandsMenu({
  anchor,
  onClose,
  onPick,
  commands = MENU_COMMANDS,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  onPick: (cmd: CommandName) => void;
  commands?: readonly CommandName[];
}) {
  const translate = useTranslate();
  return (
    <SubMenu anchor={anchor} onClose={onClose} label={translate('remote.menu.commands')}>
      {commands.map((cmd) => (
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
          >
            <ListItemText>{translate(`remote.commands.${cmd}.label`)}</ListItemText>
          </MenuItem>
        </Tooltip>
      ))}
    </SubMenu>
  );
}
