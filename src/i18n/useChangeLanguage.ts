import { useCallback } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRefresh } from 'ra-core';
import type { FlotaDataProvider } from '../dataProvider';
import type { Locale } from './i18nProvider';

/**
 * The console language: switching it is remembered in the store and on the user's profile, and
 * what the server wrote in the reader's language (notifications) is read again.
 */
export function useChangeLanguage() {
  const [locale, setLocale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const changeLanguage = useCallback(
    (language: Locale) => {
      if (language === locale) return;
      setLocale(language);
      dataProvider
        .updateProfile({ language })
        .then(() => refresh())
        .catch((error: Error) => notify(error.message, { type: 'error' }));
    },
    [locale, setLocale, dataProvider, notify, refresh],
  );
  return { locale: locale as Locale, changeLanguage };
}
