import { forwardRef } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Logout, UserMenu as RaUserMenu, useTranslate, useUserMenu } from 'react-admin';
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

/** The user menu: the profile page and react-admin's sign-out item. */
export function UserMenu() {
  return (
    <RaUserMenu label="app.user_menu">
      <ProfileMenuItem />
      <Logout />
    </RaUserMenu>
  );
}
