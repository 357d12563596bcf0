/** The logged detail as one line: text as is, a small object as `key: value` pairs. */
export function detailText(detail: unknown): string {
  if (detail === null || detail === undefined) return '';
  if (typeof detail !== 'object') return String(detail);
  return Object.entries(detail as Record<string, unknown>)
    .map(
      ([key, value]) =>
        `${key}: ${value === null || typeof value !== 'object' ? String(value) : JSON.stringify(value)}`,
    )
    .join(', ');
}
