import { useState, type MouseEvent } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslate } from 'react-admin';
import { LOCALES } from '../i18n/i18nProvider';
import { useChangeLanguage } from '../i18n/useChangeLanguage';

/** The app bar's language switch: a button named "Idioma: ES" / "Language: EN" opening the languages. */
export function LanguageMenu() {
  const translate = useTranslate();
  const { locale, changeLanguage } = useChangeLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const close = () => setAnchor(null);

  return (
    <>
      <Button
        color="inherit"
        // The name says what the button is and holds what it shows ("Idioma: ES", WCAG 2.5.3).
        aria-label={`${translate('app.language')}: ${locale.toUpperCase()}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        startIcon={<TranslateIcon />}
        onClick={open}
      >
        {locale.toUpperCase()}
      </Button>
      <Menu
        id="language-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        disableScrollLock
      >
        {LOCALES.map((code) => (
          <MenuItem
            key={code}
            lang={code}
            selected={code === locale}
            onClick={() => {
              close();
              changeLanguage(code);
            }}
          >
            {translate(`app.languages.${code}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
