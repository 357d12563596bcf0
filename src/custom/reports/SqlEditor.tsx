import { useEffect, useRef } from 'react';
import Editor, { type OnMount } from '@monaco-editor/react';
import type * as MonacoApi from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/definitions/sql/register';
// Monaco from our own server, not a CDN (the loader set up once for every editor).
import '../resources/monaco';
import { completionWords, type CompletionSource } from '../tables/sql/sqlCompletion';
import { TYPED_AS_IS } from './typedAsIs';

type Monaco = typeof MonacoApi;

/**
 * SQL in Monaco with SQL colouring (the report editor, the tables screen's SQL tab); loaded
 * lazily, with Monaco. With `completion`, it offers the project's tables and their columns.
 */
export default function SqlEditor({
  value,
  onChange,
  readOnly,
  label,
  path = 'inmemory://flota/report.sql',
  completion,
  onRun,
}: {
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
  label: string;
  /** The model's URI: one per editor on a screen. */
  path?: string;
  completion?: CompletionSource;
  /** Ctrl+Enter runs. */
  onRun?(): void;
}) {
  const disposers = useRef<(() => void)[]>([]);
  const editorRef = useRef<MonacoApi.editor.IStandaloneCodeEditor | null>(null);
  // The texts this editor gave its owner. The owner's `value` comes back a render later, when
  // fast typing may have moved on: such a value is the editor's own past, not a change from
  // outside, and writing it back would drop the keys typed since and move the cursor to the end.
  const emitted = useRef(new Set<string>());
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
    const editor = editorRef.current;
    if (!editor || emitted.current.has(value)) return;
    // A change from outside (a report opened): the editor shows it.
    if (editor.getValue() !== value) editor.setValue(value);
    emitted.current.clear();
  }, [value]);
  const runRef = useRef(onRun);
  useEffect(() => {
    runRef.current = onRun;
  }, [onRun]);
  useEffect(() => () => disposers.current.forEach((dispose) => dispose()), []);

  const onMount: OnMount = (editor, monaco) => {
    editorRef.current = editor;
    // A model kept from an earlier visit (the same path) shows the owner's text.
    if (editor.getValue() !== valueRef.current) editor.setValue(valueRef.current);
    if (onRun) {
      editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => runRef.current?.());
    }
    if (completion) {
      disposers.current.push(registerCompletion(monaco as unknown as Monaco, path, completion));
    }
  };

  return (
    <Editor
      height="100%"
      language="sql"
      path={path}
      defaultValue={value}
      onChange={(next) => {
        const text = next ?? '';
        if (emitted.current.size > 500) emitted.current.clear();
        emitted.current.add(text);
        onChange(text);
      }}
      beforeMount={defineTheme}
      theme={THEME}
      onMount={onMount}
      options={{
        ...TYPED_AS_IS,
        minimap: { enabled: false },
        fontSize: 13,
        tabSize: 2,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        readOnly,
        wordWrap: 'on',
        ariaLabel: label,
      }}
    />
  );
}

const THEME = 'flota-sql';

/**
 * Monaco's light theme with string literals dark enough to read (its #ff0000 on white is 4.0:1,
 * below WCAG AA's 4.5:1).
 */
function defineTheme(monaco: { editor: Pick<Monaco['editor'], 'defineTheme'> }) {
  monaco.editor.defineTheme(THEME, {
    base: 'vs',
    inherit: true,
    rules: [
      { token: 'string', foreground: 'a31515' },
      { token: 'string.sql', foreground: 'a31515' },
    ],
    colors: {},
  });
}

/** Completion of tables and columns for the one model at `path` (the provider is global). */
function registerCompletion(monaco: Monaco, path: string, source: CompletionSource) {
  const { CompletionItemKind } = monaco.languages;
  const provider = monaco.languages.registerCompletionItemProvider('sql', {
    triggerCharacters: ['.'],
    async provideCompletionItems(model, position) {
      if (model.uri.toString() !== monaco.Uri.parse(path).toString()) return { suggestions: [] };
      const word = model.getWordUntilPosition(position);
      const range = {
        startLineNumber: position.lineNumber,
        endLineNumber: position.lineNumber,
        startColumn: word.startColumn,
        endColumn: word.endColumn,
      };
      const before = model.getValueInRange({ ...range, startColumn: 1 });
      try {
        const words = await completionWords(model.getValue(), before, source);
        return {
          suggestions: words.map((found) => ({
            label: found.label,
            kind: found.kind === 'table' ? CompletionItemKind.Struct : CompletionItemKind.Field,
            detail: found.detail,
            insertText: /^[a-z_][a-z0-9_]*$/.test(found.label)
              ? found.label
              : `"${found.label.replace(/"/g, '""')}"`,
            range,
          })),
        };
      } catch {
        return { suggestions: [] };
      }
    },
  });
  return () => provider.dispose();
}
