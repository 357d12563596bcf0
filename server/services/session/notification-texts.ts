import { languageOf } from '../../messages';
import { fillText, type Reader, type TextVars } from '../area-texts';

/**
 * The notifications the system writes, by key, in the console's two languages: a notification
 * row names its key and values, and the list writes it in the reader's language.
 */
const TEXTS = {
  es: {
    welcome: {
      title: 'Bienvenido a Flota',
      body: 'Su consola está lista. Revise su perfil y el idioma en el menú de usuario.',
    },
    message: { title: 'Mensaje de {login}', body: '{msg}' },
  },
  en: {
    welcome: {
      title: 'Welcome to Flota',
      body: 'Your console is ready. Check your profile and language in the user menu.',
    },
    message: { title: 'Message from {login}', body: '{msg}' },
  },
} as const;

export type NotificationKey = keyof (typeof TEXTS)['es'];

/** A notification's title and body in Spanish, as stored in the row beside its key. */
export function storedNotification(key: NotificationKey, vars: TextVars = {}) {
  const text = TEXTS.es[key];
  return {
    title: fillText(text.title, vars),
    body: fillText(text.body, vars),
    text_key: key,
    vars: JSON.stringify(vars),
  };
}

/** A row's title and body for its reader: the key's text in their language, else the row's. */
export function readableNotification<R extends { title: string; body: string }>(
  row: R & { text_key: string | null; vars: TextVars | null },
  reader: Reader,
): Omit<R, 'text_key' | 'vars'> {
  const { text_key, vars, ...rest } = row;
  const texts = TEXTS[languageOf(reader.language)] as Record<
    string,
    { title: string; body: string }
  >;
  const text = text_key ? texts[text_key] : undefined;
  if (!text) return rest as Omit<R, 'text_key' | 'vars'>;
  return {
    ...rest,
    title: fillText(text.title, vars ?? {}),
    body: fillText(text.body, vars ?? {}),
  } as Omit<R, 'text_key' | 'vars'>;
}
