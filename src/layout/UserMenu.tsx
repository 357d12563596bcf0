import { forwardRef } from 'react';
import { ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import {
  Logout,
  UserMenu as RaUserMenu,
  useGetIdentity,
  useTranslate,
  useUserMenu,
} from 'react-admin';
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

/**
 * The user menu: the profile page and react-admin's sign-out item. Its button is named after
 * what it shows too ("Menú de usuario: ana", WCAG 2.5.3).
 */
export function UserMenu() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const label = translate('app.user_menu');
  return (
    <RaUserMenu label={identity?.fullName ? `${label}: ${identity.fullName}` : label}>
      <ProfileMenuItem />
      <Logout />
    </RaUserMenu>
  );
}
