import {
  AppBar as MuiAppBar,
  Box,
  Toolbar,
  Typography,
  useMediaQuery,
  useScrollTrigger,
  type Theme,
} from '@mui/material';
import { TitlePortal, useTranslate } from 'react-admin';
import { LanguageMenu } from './LanguageMenu';
import { LoadingIndicator } from './LoadingIndicator';
import { SidebarToggle } from './SidebarToggle';
import { UserMenu } from './UserMenu';

/**
 * The top bar, drawn as react-admin's (hidden while scrolling down): the sidebar toggle,
 * product name, page title (hidden on phones), language switch, loading indicator, user menu.
 * Our own so that react-admin's default user menu and locale menu (MUI's Menu and Tooltip)
 * stay off the home path; it slides up with a CSS transition where react-admin's HideOnScroll
 * used MUI's Slide (with react-transition-group, about 4 KB brotli on the home path).
 */
export function AppBar() {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const hidden = useScrollTrigger();
  return (
    <MuiAppBar
      color="secondary"
      sx={(theme) => ({
        transform: hidden ? 'translateY(-100%)' : 'none',
        transition: theme.transitions.create('transform', {
          duration: hidden
            ? theme.transitions.duration.leavingScreen
            : theme.transitions.duration.enteringScreen,
        }),
      })}
    >
      <Toolbar
        disableGutters
        variant={phone ? 'regular' : 'dense'}
        sx={(theme) => ({
          px: 1,
          [theme.breakpoints.down('md')]: { minHeight: theme.spacing(6) },
        })}
      >
        <SidebarToggle />
        <Typography variant="h6" component="span" sx={{ fontWeight: 600, mr: 2 }}>
          {translate('app.name')}
        </Typography>
        <TitlePortal sx={{ display: { xs: 'none', sm: 'block' } }} />
        <Box sx={{ flex: 1, display: { xs: 'block', sm: 'none' } }} />
        <LanguageMenu />
        <LoadingIndicator />
        <UserMenu />
      </Toolbar>
    </MuiAppBar>
  );
}
