import { storedLocale } from '../../i18n/storedLocale';

const nls = globalThis as { _VSCODE_NLS_MESSAGES?: string[]; _VSCODE_NLS_LANGUAGE?: string };

/**
 * Monaco's own texts (context menu, hovers, find widget) in the console's language. Monaco 0.57
 * ships its Spanish messages (`monaco-editor/nls/lang/es`, a list indexed as its build indexes
 * them) and reads `globalThis._VSCODE_NLS_MESSAGES` as its modules evaluate. The list is loaded
 * as a chunk of its own before the editor's chunk (a static import would let the bundler place
 * it after the editor's modules in the same chunk); for English it is left out. Nothing is
 * fetched from elsewhere. Monaco reads most labels once, when it loads, so after a change of
 * language its menus follow at the next page load (docs/decisions.md "Monaco in Spanish").
 */
export function withMonacoLanguage<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    if (storedLocale() === 'en') {
      nls._VSCODE_NLS_MESSAGES = undefined;
      nls._VSCODE_NLS_LANGUAGE = undefined;
    } else {
      await import('monaco-editor/nls/lang/es');
    }
    return load();
  };
}
