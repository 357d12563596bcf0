import Polyglot from 'node-polyglot';
import type { I18nProvider, TranslationMessages } from 'ra-core';
import es from './es';

export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';

/** Messages a part of the console brings when it is loaded, in both languages. */
export type MessagesByLocale = Record<Locale, object>;

/** Spanish is bundled; English is fetched the first time someone picks it. */
const baseMessages = (locale: string): TranslationMessages | Promise<TranslationMessages> =>
  locale === 'en' ? import('./en').then((messages) => messages.default) : es;

const extensions: MessagesByLocale[] = [];
const isLocale = (locale: string): locale is Locale =>
  (LOCALES as readonly string[]).includes(locale);

function polyglotFor(locale: string, messages: TranslationMessages): Polyglot {
  const polyglot = new Polyglot({ locale, phrases: { '': '', ...messages } });
  if (isLocale(locale)) for (const extension of extensions) polyglot.extend(extension[locale]);
  return polyglot;
}

let locale: string = DEFAULT_LOCALE;
let polyglot = polyglotFor(locale, es);

/**
 * Adds the messages of a part of the console loaded later (the declared resources' labels, an
 * area's texts) to the current language and to every language chosen after. Called when that
 * part's module is evaluated, before any of its screens renders, so that the first screen only
 * carries the texts it shows.
 */
export function extendMessages(messages: MessagesByLocale): void {
  extensions.push(messages);
  if (isLocale(locale)) polyglot.extend(messages[locale]);
}

let later: Promise<void> | null = null;

/** The texts of every area but home's (src/i18n/later.ts), loaded once, by the first screen that needs them. */
export function loadLaterMessages(): Promise<void> {
  later ??= import('./later').then(({ laterMessages }) => extendMessages(laterMessages));
  return later;
}

/** react-admin's polyglot provider (ra-i18n-polyglot), with `extendMessages`. */
export const i18nProvider: I18nProvider = {
  translate: (key, options = {}) => polyglot.t(key, options),
  changeLocale: (next) =>
    Promise.resolve(baseMessages(next)).then((messages) => {
      locale = next;
      polyglot = polyglotFor(next, messages);
    }),
  getLocale: () => locale,
  // Each language is named in itself, as language pickers do.
  getLocales: () => [
    { locale: 'es', name: 'Español' },
    { locale: 'en', name: 'English' },
  ],
};
