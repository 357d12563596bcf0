import type { ReactNode } from 'react';
import { Menu } from '@mui/material';

/** A submenu of the device list's menus, opening to the right of the item that opened it. */
export function SubMenu({
  anchor,
  onClose,
  label,
  children,
}: {
  anchor: HTMLElement | null;
  onClose: () => void;
  /** Its accessible name. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Menu
      open={anchor !== null}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{ list: { 'aria-label': label, dense: true } }}
    >
      {children}
    </Menu>
  );
}
