import type { ReactElement } from 'react';
import { ListItemIcon, MenuItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useSidebarState, useTranslate } from 'react-admin';
import { Link, useMatch } from 'react-router-dom';
import { Hint } from './Hint';

interface MenuItemLinkProps {
  to: string;
  /** An i18n key. */
  primaryText: string;
  leftIcon: ReactElement;
}

/**
 * An entry of the sidebar, drawn as react-admin's Menu.Item: the current page's entry in the
 * primary text colour, its name as a hint while the sidebar is closed, and a tap on a small
 * screen closes the sidebar.
 */
export function MenuItemLink({ to, primaryText, leftIcon }: MenuItemLinkProps) {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const small = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const active = useMatch({ path: to, end: false }) !== null;
  const text = translate(primaryText, { _: primaryText });
  const item = (
    <MenuItem
      component={Link}
      to={to}
      tabIndex={0}
      aria-current={active ? 'page' : undefined}
      onClick={() => small && setOpen(false)}
      sx={{
        color: active ? 'text.primary' : 'text.secondary',
        '& .MuiListItemIcon-root': { color: 'text.secondary', minWidth: 40 },
      }}
    >
      <ListItemIcon>{leftIcon}</ListItemIcon>
      <Typography variant="inherit" noWrap sx={{ flexGrow: 1 }}>
        {text}
      </Typography>
    </MenuItem>
  );
  if (open) return item;
  return (
    <Hint title={text} placement="right">
      {item}
    </Hint>
  );
}
