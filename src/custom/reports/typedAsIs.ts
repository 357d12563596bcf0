import type * as MonacoApi from 'monaco-editor/editor/editor.api';

/**
 * Monaco's options for SQL that is stored as typed (the report editor, the tables screen's SQL
 * console and selection rules, an update's SQL): no quote or bracket is added, wrapped around a
 * selection or typed over, so `'##PLATAFORMA(ANDROID)##'` typed key by key is what is saved
 * (issue 33, point 8). Pasting was never changed by these options.
 */
export const TYPED_AS_IS: MonacoApi.editor.IEditorOptions = {
  autoClosingBrackets: 'never',
  autoClosingQuotes: 'never',
  autoClosingComments: 'never',
  autoClosingDelete: 'never',
  autoClosingOvertype: 'never',
  autoSurround: 'never',
  formatOnType: false,
};
