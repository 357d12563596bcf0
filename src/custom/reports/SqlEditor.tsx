import Editor from '@monaco-editor/react';
import 'monaco-editor/languages/definitions/sql/register';
// Monaco from our own server, not a CDN (the loader set up once for every editor).
import '../resources/monaco';

/** The report's SQL in Monaco with SQL colouring; loaded lazily, with Monaco. */
export default function SqlEditor({
  value,
  onChange,
  readOnly,
  label,
}: {
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
  label: string;
}) {
  return (
    <Editor
      height="100%"
      language="sql"
      path="inmemory://flota/report.sql"
      value={value}
      onChange={(next) => onChange(next ?? '')}
      options={{
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
