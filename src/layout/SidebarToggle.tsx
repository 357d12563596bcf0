import { IconButton } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useSidebarState, useTranslate } from 'react-admin';
import { Hint } from './Hint';

/** Opens and closes the sidebar (a drawer on phones); its icon turns as react-admin's does. */
export function SidebarToggle() {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const label = translate(open ? 'ra.action.close_menu' : 'ra.action.open_menu');
  return (
    <Hint title={label} enterDelay={500}>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        sx={{ mr: '0.2em' }}
      >
        <MenuIcon
          sx={(theme) => ({
            transition: theme.transitions.create('transform', {
              easing: theme.transitions.easing.sharp,
              duration: theme.transitions.duration.leavingScreen,
            }),
            transform: open ? 'rotate(180deg)' : 'rotate(0deg)',
          })}
        />
      </IconButton>
    </Hint>
  );
}
