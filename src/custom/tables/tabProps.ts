import type { TableSource } from '../../../protocol/tables';

/** What the tables screen (/app/sqltables) hands each of its five tabs. */
export interface TableTabProps {
  /** The chosen project's database number. */
  database: number;
  /** The project's own database or one of the system ones (protocol/tables.ts). */
  source: TableSource;
  /** The table chosen in the screen's table list, or null. */
  table: string | null;
  /** No write on the project's 'queries' node (001 §6): nothing may change. */
  readOnly: boolean;
}
