/**
 * The data service for apps (002 §7 "Data service"; docs/api.md, "The data service for apps"):
 * what a project serves without authorisation is what its setting DATASERVICE_PUBLIC names,
 * nothing by default. Written once for the server, which enforces it, and the settings dialog,
 * which checks the value as it is typed.
 */

/** The project setting (replicator settings, category "Device app") naming what is public. */
export const PUBLIC_SETTING = 'DATASERVICE_PUBLIC';

/** What a public entry may be: a project resource's name, or `report:<ID>` for a saved report. */
const ENTRY = /^(?:report:\d{1,10}|[a-z][a-z0-9_-]{0,99})$/;

/** The entries of the setting: separated by commas, spaces or new lines; empty: nothing. */
export function publicEntries(value: string | null | undefined): string[] {
  return (value ?? '').split(/[\s,;]+/).filter((entry) => entry !== '');
}

/** The first entry that is neither a resource name nor `report:<ID>`, or null. */
export function badPublicEntry(value: string): string | null {
  return publicEntries(value).find((entry) => !ENTRY.test(entry)) ?? null;
}

/** What the setting makes public: resource names, and report IDs. */
export function publicMarks(value: string | null | undefined): {
  resources: ReadonlySet<string>;
  reports: ReadonlySet<number>;
} {
  const entries = publicEntries(value).filter((entry) => ENTRY.test(entry));
  return {
    resources: new Set(entries.filter((entry) => !entry.startsWith('report:'))),
    reports: new Set(
      entries.filter((entry) => entry.startsWith('report:')).map((entry) => Number(entry.slice(7))),
    ),
  };
}
