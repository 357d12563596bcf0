import {
  ENGINE_SCHEMA,
  type ColumnSpec,
  type IndexSpec,
  type StorageSnapshot,
  type TableSpec,
} from './table';

/**
 * The SQL that takes the owned tables from one snapshot to another (the committed one and what
 * the definitions ask for now): pure, so the generator's output is tested without a database.
 * The migration's `down` is the diff the other way. A change the generator cannot make safely
 * (a required column without a default on a table that may hold rows) carries a `-- review:`
 * comment for the person who commits it.
 */

export interface StorageDiff {
  statements: string[];
  /** One line per change, for the migration's header and the script's output. */
  summary: string[];
}

const qualified = (table: string) => `${ENGINE_SCHEMA}.${table}`;
const quoted = (name: string) => `"${name}"`;

/** A foreign key's clause: a referenced row cannot be deleted while it is referenced. */
const referencesSql = (table: string) => `REFERENCES ${qualified(table)} (id) ON DELETE RESTRICT`;

function columnSql(column: ColumnSpec): string {
  const notNull = column.notNull ? ' NOT NULL' : '';
  const fallback = column.default === null ? '' : ` DEFAULT ${column.default}`;
  const references = column.references ? ` ${referencesSql(column.references)}` : '';
  return `${quoted(column.name)} ${column.type}${notNull}${fallback}${references}`;
}

/** The name PostgreSQL gives a column's foreign key: `<table>_<column>_fkey`. */
export const foreignKeyName = (table: string, column: string) => `${table}_${column}_fkey`;

function createIndex(table: string, index: IndexSpec): string {
  const unique = index.unique ? 'UNIQUE ' : '';
  return `CREATE ${unique}INDEX ${index.name} ON ${qualified(table)} ${index.using}`;
}

const dropIndex = (index: IndexSpec) => `DROP INDEX ${ENGINE_SCHEMA}.${index.name}`;

function createTable(spec: TableSpec): string[] {
  const columns = spec.columns.map((c) => `  ${columnSql(c)}`).join(',\n');
  return [
    `CREATE TABLE ${qualified(spec.table)} (\n${columns}\n)`,
    ...spec.indexes.map((index) => createIndex(spec.table, index)),
  ];
}

function alterColumn(table: string, before: ColumnSpec, after: ColumnSpec): string[] {
  const alter = `ALTER TABLE ${qualified(table)} ALTER COLUMN ${quoted(after.name)}`;
  const statements: string[] = [];
  if (before.type !== after.type) {
    statements.push(`${alter} TYPE ${after.type} USING ${quoted(after.name)}::${after.type}`);
  }
  if (before.default !== after.default) {
    statements.push(
      after.default === null ? `${alter} DROP DEFAULT` : `${alter} SET DEFAULT ${after.default}`,
    );
  }
  if (before.references !== after.references) {
    const constraint = `ALTER TABLE ${qualified(table)} %s CONSTRAINT "${foreignKeyName(table, after.name)}"`;
    if (before.references) statements.push(constraint.replace('%s', 'DROP'));
    if (after.references) {
      const key = `FOREIGN KEY (${quoted(after.name)}) ${referencesSql(after.references)}`;
      statements.push(`${constraint.replace('%s', 'ADD')} ${key}`);
    }
  }
  if (before.notNull !== after.notNull) {
    if (after.notNull && after.default !== null) {
      const fill = `UPDATE ${qualified(table)} SET ${quoted(after.name)} = ${after.default}`;
      statements.push(`${fill} WHERE ${quoted(after.name)} IS NULL`);
    }
    statements.push(`${alter} ${after.notNull ? 'SET' : 'DROP'} NOT NULL`);
  }
  return statements;
}

function addColumn(table: string, column: ColumnSpec): string[] {
  const add = `ALTER TABLE ${qualified(table)} ADD COLUMN`;
  if (!column.notNull || column.default !== null) return [`${add} ${columnSql(column)}`];
  // Rows already stored have no value: the column is made required once they have one.
  return [
    `-- review: "${column.name}" is required without a default; fill it before SET NOT NULL`,
    `${add} ${columnSql({ ...column, notNull: false })}`,
    `ALTER TABLE ${qualified(table)} ALTER COLUMN ${quoted(column.name)} SET NOT NULL`,
  ];
}

function alterTable(before: TableSpec, after: TableSpec, diff: StorageDiff): void {
  const table = after.table;
  const beforeIndexes = new Map(before.indexes.map((i) => [i.name, i]));
  const afterIndexes = new Map(after.indexes.map((i) => [i.name, i]));
  const changedIndex = (i: IndexSpec, other?: IndexSpec) =>
    !other || other.using !== i.using || other.unique !== i.unique;
  for (const index of before.indexes) {
    if (changedIndex(index, afterIndexes.get(index.name))) diff.statements.push(dropIndex(index));
  }
  const beforeColumns = new Map(before.columns.map((c) => [c.name, c]));
  const afterColumns = new Map(after.columns.map((c) => [c.name, c]));
  for (const column of before.columns) {
    if (afterColumns.has(column.name)) continue;
    diff.statements.push(`ALTER TABLE ${qualified(table)} DROP COLUMN ${quoted(column.name)}`);
    diff.summary.push(`${table}: drop column ${column.name} (its values are lost)`);
  }
  for (const column of after.columns) {
    const old = beforeColumns.get(column.name);
    if (!old) {
      diff.statements.push(...addColumn(table, column));
      diff.summary.push(`${table}: add column ${column.name}`);
      continue;
    }
    const statements = alterColumn(table, old, column);
    if (statements.length === 0) continue;
    diff.statements.push(...statements);
    diff.summary.push(`${table}: change column ${column.name}`);
  }
  for (const index of after.indexes) {
    if (!changedIndex(index, beforeIndexes.get(index.name))) continue;
    diff.statements.push(createIndex(table, index));
    diff.summary.push(`${table}: index ${index.name}`);
  }
}

/** The tables in an order where each comes after the tables its foreign keys reference. */
function referencedFirst(snapshot: StorageSnapshot): string[] {
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table) || path.includes(table) || !Object.hasOwn(snapshot, table)) return;
    for (const column of snapshot[table].columns) {
      if (column.references) visit(column.references, [...path, table]);
    }
    ordered.push(table);
  };
  for (const table of Object.keys(snapshot).sort()) visit(table, []);
  return ordered;
}

/** The statements that turn the tables of `before` into those of `after`. */
export function diffStorage(before: StorageSnapshot, after: StorageSnapshot): StorageDiff {
  const diff: StorageDiff = { statements: [], summary: [] };
  for (const table of referencedFirst(before).reverse()) {
    if (Object.hasOwn(after, table)) continue;
    diff.statements.push(`DROP TABLE ${qualified(table)}`);
    diff.summary.push(`${table}: drop table (its rows are lost)`);
  }
  for (const table of referencedFirst(after)) {
    if (!Object.hasOwn(before, table)) {
      diff.statements.push(...createTable(after[table]));
      diff.summary.push(`${table}: create table`);
    } else alterTable(before[table], after[table], diff);
  }
  return diff;
}

/** `20261129` of a date, in UTC. */
export const migrationDay = (now: Date) => now.toISOString().slice(0, 10).replace(/-/g, '');

/** The next migration's name after the existing names: `<day>_<number>_resources_<tables>`. */
export function migrationName(existing: string[], tables: string[], now: Date): string {
  const numbers = existing.map((name) => Number(/^\d{8}_(\d{4})_/.exec(name)?.[1] ?? 0));
  const next = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
  const days = existing.map((name) => name.slice(0, 8)).sort();
  // Migrations run in name order: a day earlier than the newest existing one would run first.
  const day = [migrationDay(now), days.at(-1) ?? ''].sort().at(-1)!;
  const what = tables.length > 3 ? `${tables.slice(0, 3).join('_')}_more` : tables.join('_');
  return `${day}_${next}_resources_${what}`;
}

function block(statements: string[]): string {
  const sqlText = statements
    .map((s) => (s.startsWith('--') ? s : `${s};`))
    .join('\n')
    .replace(/\\/g, '\\\\')
    .replace(/`/g, '\\`')
    .replace(/\$\{/g, '\\${');
  const body = sqlText
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
  return statements.length === 0 ? '' : `  await sql\`\n${body}\n  \`.execute(db);\n`;
}

/** The migration file's text: frozen SQL up and down, as the hand-written migrations are. */
export function migrationSource(up: StorageDiff, down: StorageDiff): string {
  const summary = up.summary.map((line) => `//   ${line}`).join('\n');
  return `import { sql, type Kysely } from 'kysely';

// Frozen in time. Generated by \`npm run resources:migration\` from the resource definitions that
// own their storage (docs/resources.md, "The engine"); reviewed before it was committed:
${summary}
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
${block(up.statements)}}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
${block(down.statements)}}
`;
}
