/**
 * Reports and the SQL result (000 §3 "SQL result", 001 §3 Report, §7 "Reports and tables"),
 * shared by the console and the server.
 */

/** A column of a SQL result; `colunName` is the specification's spelling (001 §7). */
export interface SqlResultColumn {
  colunName: string;
  /** PostgreSQL's name of its type (`integer`, `text`, `timestamp with time zone`…). */
  columnType: string;
}

/** What a SQL run answers: the last statement's columns and rows, and the rows it changed. */
export interface SqlResult {
  Columns: SqlResultColumn[];
  /** One array of values per row, in the order of Columns. */
  Datas: unknown[][];
  /** Rows the statements inserted, updated or deleted, together. */
  RecordsAffected: number;
  /** The statement returned more rows than the limit: Datas holds the first ones. */
  Limited: boolean;
  /** The row limit this run had. */
  Limit: number;
  /** Statements run. */
  Statements: number;
  /**
   * Every statement's own result, in order, when the caller asked for them (the SQL tab of the
   * tables screen shows one grid per statement).
   */
  Results?: StatementResult[];
}

/** One statement's answer in a run of several. */
export interface StatementResult {
  /** Its number in the text, from 1. */
  n: number;
  /** Its command (SELECT, UPDATE…). */
  command: string;
  Columns: SqlResultColumn[];
  Datas: unknown[][];
  RecordsAffected: number;
  Limited: boolean;
}

/** A saved report as the list and the editor read it (001 §3). */
export interface ReportRow {
  ID: number;
  Title: string;
  /** Private: only its author sees it. */
  Code: boolean;
  SQL: string;
  DBNumber: number;
  Type: string;
  /** The author's login. */
  Owner: string;
  /** The caller wrote it. */
  Mine: boolean;
  /** The caller may change and delete it (write on the project's 'reports' node, 001 §6). */
  Writable: boolean;
  Modified: string;
}

/** The id of a report the editor is creating (001 §2: "new (id -1)"). */
export const NEW_REPORT_ID = -1;

/** The result grid's page sizes (001 §9); 0 stands for "all". */
export const REPORT_PAGE_SIZES = [5, 10, 25, 100, 0] as const;
export const REPORT_DEFAULT_PAGE_SIZE = 100;
