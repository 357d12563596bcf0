import type { FieldSchema, ResourceSchema } from '../../../protocol/resource-schema';
import { exportText, type BooleanWords } from './cellValue';

/**
 * Pure builders of the exports (clipboard, CSV, PDF columns, file names): rows in, text out, so
 * they are tested without a browser.
 */

export interface ExportColumn {
  field: FieldSchema;
  /** The header, in the console language. */
  label: string;
}

export type ExportRow = Record<string, unknown>;

/** The fields with `export`, in schema order, with their headers. */
export function exportColumns(
  schema: ResourceSchema,
  label: (field: FieldSchema) => string,
): ExportColumn[] {
  return schema.fields
    .filter((field) => field.export)
    .map((field) => ({ field, label: label(field) }));
}

/** The PDF takes the columns at positions 3 to 9 (1-based) of the export columns (000 §9). */
export const PDF_FIRST_COLUMN = 3;
export const PDF_LAST_COLUMN = 9;

export function pdfColumns<T>(columns: T[]): T[] {
  return columns.slice(PDF_FIRST_COLUMN - 1, PDF_LAST_COLUMN);
}

const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or return) as a formula, so a text a
 * device reported could run as one when the file is opened. Such texts get a leading apostrophe,
 * the spreadsheet's own "this is text" mark; plain numbers such as -12 are left alone.
 */
export function neutralizeFormula(text: string): string {
  if (!/^[=+\-@\t\r]/.test(text) || NUMBER.test(text)) return text;
  return `'${text}`;
}

/** The rows as text cells; for a spreadsheet (CSV, clipboard) formula-like texts are neutralized. */
export function textMatrix(
  columns: ExportColumn[],
  rows: ExportRow[],
  words: BooleanWords,
  forSpreadsheet: boolean,
): string[][] {
  return rows.map((row) =>
    columns.map((column) => {
      const text = exportText(column.field, row[column.field.source], words);
      return forSpreadsheet && column.field.type === 'text' ? neutralizeFormula(text) : text;
    }),
  );
}

/** Tab-separated text for the clipboard: tabs and line breaks inside a cell become spaces. */
export function toTsv(headers: string[], cells: string[][]): string {
  const clean = (text: string) => text.replace(/[\t\r\n]+/g, ' ');
  return [headers, ...cells].map((line) => line.map(clean).join('\t')).join('\n');
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV (RFC 4180: CRLF line ends) with a UTF-8 byte order mark, so Excel reads the accents. */
export function toCsv(headers: string[], cells: string[][]): string {
  const lines = [headers, ...cells].map((line) => line.map(csvField).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyymmdd-hhmm` in local time. */
export function fileStamp(date: Date): string {
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-` +
    `${pad(date.getHours())}${pad(date.getMinutes())}`
  );
}

/** A project name as a file-name part: accents dropped, anything unusual as `_`. */
export function fileNamePart(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[_.]+|_+$/g, '');
}

/** `<resource>-<project>-<yyyymmdd-hhmm>.<ext>` */
export function exportFileName(resource: string, project: string, date: Date, ext: string): string {
  const parts = [fileNamePart(resource), fileNamePart(project), fileStamp(date)].filter(Boolean);
  return `${parts.join('-')}.${ext}`;
}
