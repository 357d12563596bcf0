import { lazy, Suspense, useCallback, useState, type MouseEvent } from 'react';
import { Button, IconButton, useMediaQuery, type Theme } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useGetIdentity, useTranslate } from 'react-admin';
import { Hint } from './Hint';

// MUI's Menu (Popover, Modal) and the sign-out item come with the first open.
const UserMenuItems = lazy(() => import('./UserMenuItems'));

/**
 * The user menu, as react-admin's (the user's name from 600 px, an icon below): the profile
 * page and sign-out. Its button is named after what it shows too ("Menú de usuario: ana",
 * WCAG 2.5.3).
 */
export function UserMenu() {
  const translate = useTranslate();
  const { isPending, identity } = useGetIdentity();
  const wide = useMediaQuery<Theme>((theme) => theme.breakpoints.up('sm'));
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setOpened(true);
  };
  const close = useCallback(() => setAnchor(null), []);
  const label = translate('app.user_menu');
  const name = identity?.fullName ? `${label}: ${identity.fullName}` : label;
  const popup = {
    'aria-label': name,
    'aria-haspopup': 'menu',
    'aria-controls': anchor ? 'menu-appbar' : undefined,
    'aria-expanded': anchor ? 'true' : undefined,
    color: 'inherit',
    onClick: open,
  } as const;

  return (
    <div>
      {wide && !isPending && identity?.fullName ? (
        <Button
          {...popup}
          startIcon={<AccountCircleIcon />}
          sx={{ textTransform: 'none', marginInlineStart: 0.5 }}
        >
          {identity.fullName}
        </Button>
      ) : (
        <Hint title={name}>
          <IconButton {...popup}>
            <AccountCircleIcon />
          </IconButton>
        </Hint>
      )}
      {opened && (
        <Suspense fallback={null}>
          <UserMenuItems anchor={anchor} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
