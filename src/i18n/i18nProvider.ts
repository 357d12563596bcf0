import polyglotI18nProvider from 'ra-i18n-polyglot';
import es from './es';

export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';

/** Spanish is bundled; English is fetched the first time someone picks it. */
export const i18nProvider = polyglotI18nProvider(
  (locale) => (locale === 'en' ? import('./en').then((messages) => messages.default) : es),
  DEFAULT_LOCALE,
  // Each language is named in itself, as language pickers do.
  [
    { locale: 'es', name: 'Español' },
    { locale: 'en', name: 'English' },
  ],
);
