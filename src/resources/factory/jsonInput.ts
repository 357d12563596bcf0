/**
 * A JSON field edited as text: shown pretty-printed, read back as an object when the text parses.
 * Text that does not parse stays text, so that the field's validator says "must be a JSON object".
 */
export function jsonInputFormat(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}

export function jsonInputParse(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' ? value : text;
  } catch {
    return text;
  }
}
