import type { FieldSchema, ResourceSchema } from '../../../protocol/resource-schema';
import { exportText, type BooleanWords } from './cellValue';
import { csvField, fileNamePart, neutralizeFormula, toCsv } from '../../../protocol/csv';

export { csvField, fileNamePart, neutralizeFormula, toCsv };

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

const pad = (n: number) => String(n).padStart(2, '0');

/** `yyyymmdd-hhmm` in local time. */
export function fileStamp(date: Date): string {
  return (
    `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}-` +
    `${pad(date.getHours())}${pad(date.getMinutes())}`
  );
}

/** `<resource>-<project>-<yyyymmdd-hhmm>.<ext>` */
export function exportFileName(resource: string, project: string, date: Date, ext: string): string {
  const parts = [fileNamePart(resource), fileNamePart(project), fileStamp(date)].filter(Boolean);
  return `${parts.join('-')}.${ext}`;
}
