import { forwardRef, useMemo } from 'react';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Logout, UserMenuContextProvider, useTranslate, useUserMenu } from 'react-admin';
import { Link } from 'react-router-dom';

const ProfileMenuItem = forwardRef<HTMLAnchorElement>(function ProfileMenuItem(props, ref) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  return (
    <MenuItem component={Link} to="/app/profile" ref={ref} onClick={userMenu?.onClose} {...props}>
      <ListItemIcon>
        <AccountCircleIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('menu.profile')}</ListItemText>
    </MenuItem>
  );
});

interface UserMenuItemsProps {
  anchor: HTMLElement | null;
  onClose(): void;
}

/**
 * The user menu's items, the profile page and react-admin's sign-out: a chunk of its own,
 * fetched on the first open (MUI's Menu is not on the home path).
 */
export default function UserMenuItems({ anchor, onClose }: UserMenuItemsProps) {
  const context = useMemo(() => ({ onClose }), [onClose]);
  return (
    <UserMenuContextProvider value={context}>
      <Menu
        id="menu-appbar"
        disableScrollLock
        anchorEl={anchor}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        open={Boolean(anchor)}
        onClose={onClose}
      >
        <ProfileMenuItem />
        <Logout />
      </Menu>
    </UserMenuContextProvider>
  );
}
