/** A value the specification's calls may send as JSON text (`filter`, `Permissions`): its object. */
export function jsonOrValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}
