import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Button } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslate } from 'react-admin';
import { useChangeLanguage } from '../i18n/useChangeLanguage';

// MUI's Menu (Popover, Modal) is not on the home path: it comes with the first open.
const LanguageChoices = lazy(() => import('./LanguageChoices'));

/** The app bar's language switch: a button named "Idioma: ES" / "Language: EN" opening the languages. */
export function LanguageMenu() {
  const translate = useTranslate();
  const { locale, changeLanguage } = useChangeLanguage();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (event: MouseEvent<HTMLElement>) => {
    setAnchor(event.currentTarget);
    setOpened(true);
  };

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
      {opened && (
        <Suspense fallback={null}>
          <LanguageChoices
            anchor={anchor}
            locale={locale}
            onClose={() => setAnchor(null)}
            onChoose={changeLanguage}
          />
        </Suspense>
      )}
    </>
  );
}
