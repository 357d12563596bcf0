import { z } from 'zod';
import { midSchema } from './device-protocol';
import { ALL_DEVICES } from './replication';

/**
 * The table browser's and the record editor's wire shapes (001 §3 "Table column descriptor",
 * §5 record-editing rules, §7 tables, tablesColumns, updateTableData; docs/data-tools.md).
 */

/** One table of a source, as `tables` lists it. */
export interface TableEntry {
  name: string;
  /** A replicated table (name begins with gen_): the record editor offers the replica. */
  gen: boolean;
  /** A view (the system sources are views). */
  view: boolean;
}

/** One column, as `tablesColumns` answers it. */
export interface TableColumn {
  COLUMN_NAME: string;
  ORDINAL_POSITION: number;
  COLUMN_DEFAULT: string | null;
  IS_NULLABLE: 'YES' | 'NO';
  /** PostgreSQL's name of the type (`integer`, `text`, `timestamp with time zone`…). */
  DATA_TYPE: string;
  CHARACTER_MAXIMUM_LENGTH: number | null;
  /** Part of the primary key: edit and delete find the row by these. */
  PRIMARY_KEY: boolean;
  /** An identity or generated column: PostgreSQL writes it. */
  GENERATED: boolean;
}

/** Columns the record editor never writes: the row ids (001 §5), and what PostgreSQL generates. */
const ROW_ID_NAMES = new Set(['id', 'rowid', 'cgsrowid']);

export const isReadOnlyColumn = (column: Pick<TableColumn, 'COLUMN_NAME' | 'GENERATED'>) =>
  ROW_ID_NAMES.has(column.COLUMN_NAME.toLowerCase()) || column.GENERATED;

/** How a column is edited and filtered. */
export type ColumnKind = 'integer' | 'number' | 'boolean' | 'date' | 'timestamp' | 'text';

export function columnKind(dataType: string): ColumnKind {
  const type = dataType.toLowerCase();
  if (['smallint', 'integer', 'bigint'].includes(type)) return 'integer';
  if (['numeric', 'real', 'double precision'].includes(type)) return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'date') return 'date';
  if (type.startsWith('timestamp')) return 'timestamp';
  return 'text';
}

/** Past this many characters a text field is a text area (001 §5). */
export const LONG_TEXT = 250;
/** Above this many columns the record editor has three columns of fields and a large dialog. */
export const WIDE_TABLE = 10;

/** The data grid's page lengths (001 §9). */
export const DATA_PAGE_LENGTHS = [10, 20, 50, 100, 500] as const;
export const DATA_PAGE_LENGTH = 100;

/** A cell value the record editor sends. */
const cellSchema = z.union([z.string().max(1_000_000), z.number(), z.boolean(), z.null()]);
const rowSchema = z.record(z.string().min(1).max(63), cellSchema);
export type RecordValues = z.infer<typeof rowSchema>;

export const RECORD_ACTIONS = ['edit', 'insert', 'delete'] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

/**
 * `updateTableData`: `filter` the table (of the project's own database); `columns` the column
 * names the dialog was built from (a table changed since is refused); `data` the row as it was
 * (edit and delete find it by its primary key there); `changes` the new values (edit: the
 * columns changed; insert: the values typed). `replica` (gen_ tables only) sends the change to
 * the devices, to `replicaMID` (one device's MID, or 9999 for all).
 */
/** Records one `updateTableData` delete may take (`rows`): the grid's pages are smaller. */
export const TABLE_DELETE_MAX = 500;

export const updateTableDataShape = {
  filter: z.string().min(1).max(63),
  action: z.enum(RECORD_ACTIONS),
  replica: z.boolean().default(false),
  replicaMID: z.union([z.literal(ALL_DEVICES), midSchema]).default(ALL_DEVICES),
  columns: z.array(z.string().min(1).max(63)).max(1600).optional(),
  data: rowSchema.default({}),
  changes: rowSchema.default({}),
  /**
   * A delete of several records at once (the grid's multi-select; not in 001 §7): each one's
   * key, as `data` gives one. All are deleted in one transaction, or none.
   */
  rows: z.array(rowSchema).min(1).max(TABLE_DELETE_MAX).optional(),
};

/** What `updateTableData` answers. */
export interface UpdateTableDataResult {
  /** The statement as text, for people to read (the dialog shows it). */
  statement: string;
  RecordsAffected: number;
  /** The row as it is now (edit, insert), null after a delete. */
  row: RecordValues | null;
  /** The replicated operation's IQUEUE id, when the change went to the devices. */
  operation: number | null;
  /** 'Se ha actualizado el registro correctamente !!!' in the caller's language. */
  message: string;
}
