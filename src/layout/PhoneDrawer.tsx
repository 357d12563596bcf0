import type { ReactNode } from 'react';
import { Drawer } from '@mui/material';

interface PhoneDrawerProps {
  open: boolean;
  onClose(): void;
  children: ReactNode;
}

/**
 * The sidebar on a phone: a drawer over the page, as react-admin's. MUI's Drawer brings its
 * Modal (focus trap, backdrop): a chunk of its own, fetched when a phone first opens the menu.
 */
export default function PhoneDrawer({ open, onClose, children }: PhoneDrawerProps) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: (theme) => ({
            width: theme.sidebar.width,
            height: '100vh',
            bgcolor: 'background.default',
          }),
        },
      }}
    >
      {children}
    </Drawer>
  );
}
