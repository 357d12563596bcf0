import { useEffect } from 'react';
import { useDataProvider, useLocaleState, useLocation, useStore } from 'react-admin';
import type { FlotaDataProvider } from '../dataProvider';
import { useSession } from '../dataProvider';
import { takeJustSignedIn } from '../authProvider/justSignedIn';

const SAVE_STATE_DELAY_MS = 1000;

/** Saves the current /app/ path on the server (debounced) so the next sign-in returns to it. */
function useSaveUiState() {
  const { pathname, search } = useLocation();
  const database = new URLSearchParams(search).get('database');
  const dataProvider = useDataProvider<FlotaDataProvider>();
  useEffect(() => {
    if (!pathname.startsWith('/app/')) return;
    const timer = setTimeout(
      () =>
        dataProvider
          .saveState(database ? `${pathname}?database=${database}` : pathname, database)
          .catch(() => undefined),
      SAVE_STATE_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [pathname, database, dataProvider]);
}

/**
 * The profile's language is adopted by a browser that never chose one, and by every browser
 * right after a sign-in (the sign-in page saves a language chosen there on the profile).
 */
function useProfileLanguage() {
  const [chosen] = useStore<string | undefined>('locale');
  const [, setLocale] = useLocaleState();
  const { data } = useSession();
  const language = data?.user.language;
  useEffect(() => {
    if (!language) return;
    if (!chosen || takeJustSignedIn()) setLocale(language);
  }, [chosen, language, setLocale]);
}

function useDocumentLanguage() {
  const [locale] = useLocaleState();
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}

export function SessionEffects() {
  useSaveUiState();
  useProfileLanguage();
  useDocumentLanguage();
  return null;
}
