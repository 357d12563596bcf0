import { useMemo, type ReactNode } from 'react';
import { createTheme, ThemeProvider, useTheme } from '@mui/material/styles';
import { enUS, esES } from '@mui/material/locale';
import { useLocale } from 'react-admin';
import { ACCESSIBLE_DEFAULTS } from './accessibleDefaults';

/**
 * react-admin's sidebar, 24 px wider than its default so that the longest entry ("Environments &
 * projects") is read whole (issue 17, defect 6).
 */
const LAYOUT = { sidebar: { width: 264, closedWidth: 55 } };

/**
 * MUI's own texts (the table pager's "1–10 of 200", the clear button of a selector) in the
 * console's language: react-admin translates its components, MUI's come from its locale packs.
 */
export function LocaleTheme({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const locale = useLocale();
  const localised = useMemo(
    () => createTheme(theme, locale === 'en' ? enUS : esES, ACCESSIBLE_DEFAULTS, LAYOUT),
    [theme, locale],
  );
  return <ThemeProvider theme={localised}>{children}</ThemeProvider>;
}
