/**
 * The databases the table browser (/app/sqltables, 001 §2 "Database tables screen") reads: the
 * chosen project's own, and the three system databases the specification names, each a read-only
 * view of what the company may see (docs/data-tools.md). `source` travels with `tables`,
 * `tablesColumns` and `tablesData`; absent means 'project'.
 */
export const TABLE_SOURCES = ['project', 'IDS', 'manager', 'replicator'] as const;
export type TableSource = (typeof TABLE_SOURCES)[number];

/** Tabs 2, 4 and 5 are for the project's own database only (001 §2). */
export const isSystemSource = (source: TableSource) => source !== 'project';
