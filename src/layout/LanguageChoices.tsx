import { Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LOCALES } from '../i18n/i18nProvider';

interface LanguageChoicesProps {
  anchor: HTMLElement | null;
  locale: string;
  onClose(): void;
  onChoose(code: string): void;
}

/** The languages under the app bar's switch: a chunk of its own, fetched on the first open. */
export default function LanguageChoices({
  anchor,
  locale,
  onClose,
  onChoose,
}: LanguageChoicesProps) {
  const translate = useTranslate();
  return (
    <Menu
      id="language-menu"
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      disableScrollLock
    >
      {LOCALES.map((code) => (
        <MenuItem
          key={code}
          lang={code}
          selected={code === locale}
          onClick={() => {
            onClose();
            onChoose(code);
          }}
        >
          {translate(`app.languages.${code}`)}
        </MenuItem>
      ))}
    </Menu>
  );
}
