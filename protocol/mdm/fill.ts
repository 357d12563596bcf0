/** Puts the values in a text's `{name}` places; a value not given leaves its place empty. */
export function fillTemplate(template: string, vars: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(vars[name] ?? ''));
}
