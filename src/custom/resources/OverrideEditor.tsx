import Editor from '@monaco-editor/react';
import { useEffect } from 'react';
import { setJsonSchema } from './monaco';

interface OverrideEditorProps {
  /** Names the model, so that the schema applies to this editor only. */
  modelUri: string;
  schema: Record<string, unknown>;
  value: string;
  onChange(value: string): void;
  label: string;
  /** Shown, not changed (a caller who may not save). */
  readOnly?: boolean;
}

/**
 * The JSON editor of an override: Monaco with completion and validation from the resource's JSON
 * Schema. Loaded on its own (React.lazy), with Monaco, when the "Recursos" screen opens.
 */
export default function OverrideEditor({
  modelUri,
  schema,
  value,
  onChange,
  label,
  readOnly = false,
}: OverrideEditorProps) {
  useEffect(() => setJsonSchema(modelUri, schema), [modelUri, schema]);
  return (
    <Editor
      height="100%"
      language="json"
      path={modelUri}
      value={value}
      onChange={(next) => onChange(next ?? '')}
      options={{
        minimap: { enabled: false },
        fontSize: 13,
        tabSize: 2,
        scrollBeyondLastLine: false,
        automaticLayout: true,
        ariaLabel: label,
        readOnly,
        quickSuggestions: { strings: true, other: true },
      }}
    />
  );
}
