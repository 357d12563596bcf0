import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Moves the reading position to the page's content (#main-content); shown when focused. */
function skipToContent() {
  const element = document.getElementById('main-content');
  if (!element) return;
  element.setAttribute('tabIndex', '-1');
  element.focus();
  element.blur();
  element.removeAttribute('tabIndex');
}

/** react-admin's skip-navigation button, the first stop of the keyboard on every page. */
export function SkipToContent() {
  const translate = useTranslate();
  return (
    <Button
      className="skip-nav-button"
      variant="contained"
      onClick={skipToContent}
      sx={(theme) => ({
        position: 'fixed',
        left: theme.spacing(2),
        top: theme.spacing(-10),
        zIndex: 5000,
        transition: theme.transitions.create(['top', 'opacity']),
        '&:focus': { top: theme.spacing(2) },
      })}
    >
      {translate('ra.navigation.skip_nav')}
    </Button>
  );
}
