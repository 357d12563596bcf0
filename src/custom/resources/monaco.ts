import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/features/register.all';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

/**
 * Monaco from our own server (STACK.md, "Monaco without a CDN"): the editor, its features and the
 * JSON language only, with their two workers. Imported by the lazily loaded editor alone, so no
 * other screen downloads it.
 */
self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) =>
    label === 'json' ? new JsonWorker() : new EditorWorker(),
};
loader.config({ monaco });

/** The JSON Schema that checks and completes one model (by its URI) of the editor. */
export function setJsonSchema(modelUri: string, schema: Record<string, unknown>): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemas: [{ uri: `${modelUri}#schema`, fileMatch: [modelUri], schema }],
  });
}
