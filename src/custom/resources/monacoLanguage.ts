import 'monaco-editor/nls/lang/es';
import { storedLocale } from '../../i18n/storedLocale';

/**
 * Monaco's own texts (context menu, hovers, find widget) in the console's language: Monaco 0.57
 * ships its Spanish messages (`monaco-editor/nls/lang/es`, a list indexed as the editor's build
 * indexes them) and reads them from `globalThis._VSCODE_NLS_MESSAGES` when it evaluates. This
 * module is imported before the editor (src/custom/resources/monaco.ts), so the list is in
 * place first; for English it is taken away again and Monaco uses its built-in English. Nothing
 * is fetched: the list is part of the editor's lazily loaded chunk. Monaco reads most labels once,
 * when it loads, so after a change of language its menus follow at the next page load
 * (docs/decisions.md "Monaco in Spanish").
 */
const nls = globalThis as { _VSCODE_NLS_MESSAGES?: string[]; _VSCODE_NLS_LANGUAGE?: string };
const spanish = nls._VSCODE_NLS_MESSAGES;

/** Monaco's messages for `locale`: Spanish unless the console is in English. */
export function setMonacoLanguage(locale: string): void {
  nls._VSCODE_NLS_MESSAGES = locale === 'en' ? undefined : spanish;
  nls._VSCODE_NLS_LANGUAGE = locale === 'en' ? undefined : 'es';
}

setMonacoLanguage(storedLocale());
