import type { SessionUser } from '../auth';
import { languageOf, type Language } from '../messages';
import { ServiceError } from './registry';

export type TextVars = Record<string, string | number>;

/** Who a refusal is written for: the signed-in user, whose `language` chooses the texts. */
export type Reader = Pick<SessionUser, 'language'>;

/** Puts the values in a text's `{name}` places; a value not given leaves its place empty. */
export function fillText(template: string, vars: TextVars = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** The first few of a list for a refusal that names what is missing, with … when there are more. */
export function firstOf(items: readonly (string | number)[], shown = 10): string {
  return items.slice(0, shown).join(', ') + (items.length > shown ? '…' : '');
}

/**
 * The texts of one area of the server in the console's two languages, and its refusals in the
 * caller's language (the user's `language`: English when it is English, Spanish otherwise). The
 * Spanish table names the keys; the English one must have the same.
 *
 * @example
 * const { refusal: adminRefusal } = areaTexts({
 *   es: { companyNotFound: 'La empresa no existe.' },
 *   en: { companyNotFound: 'The company does not exist.' },
 * });
 * throw adminRefusal(user, 'companyNotFound');
 */
export function areaTexts<const Spanish extends Record<string, string>>(texts: {
  es: Spanish;
  en: Record<keyof Spanish, string>;
}) {
  type Key = keyof Spanish & string;
  const text = (language: Language, key: Key, vars?: TextVars): string =>
    fillText(texts[language][key], vars);
  return {
    text,
    /** A refusal the caller reads in their language: the error envelope with this text. */
    refusal: (reader: Reader, key: Key, vars?: TextVars): ServiceError =>
      new ServiceError(text(languageOf(reader.language), key, vars)),
  };
}
