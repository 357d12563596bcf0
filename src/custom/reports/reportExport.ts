import type { SqlResult } from '../../../protocol/reports';
import {
  fileNamePart,
  fileStamp,
  neutralizeFormula,
  toCsv,
  toTsv,
} from '../../resources/schema/exportBuilders';
import { copyText, downloadBlob, downloadText } from '../../resources/schema/exportWriters';

/** A cell as text: objects (json, arrays) as JSON, nothing as ''. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export const headersOf = (result: SqlResult) => result.Columns.map((column) => column.colunName);

/** The rows as text; for a spreadsheet, formula-like texts are neutralized. */
export const textRows = (rows: unknown[][], forSpreadsheet: boolean) =>
  rows.map((row) =>
    row.map((value) =>
      typeof value === 'string' && forSpreadsheet ? neutralizeFormula(value) : cellText(value),
    ),
  );

const fileName = (title: string, ext: string) =>
  `${fileNamePart(title) || 'informe'}-${fileStamp(new Date())}.${ext}`;

/** The four exports of the result grid (001 §2): of the rows the filter leaves. */
export const reportExports = {
  copy: (result: SqlResult, rows: unknown[][]) =>
    copyText(toTsv(headersOf(result), textRows(rows, true))),
  csv: (result: SqlResult, rows: unknown[][], title: string) =>
    downloadText(
      toCsv(headersOf(result), textRows(rows, true)),
      fileName(title, 'csv'),
      'text/csv;charset=utf-8',
    ),
  /** A real .xlsx (write-excel-file, already used by the lists' exports), loaded on demand. */
  async excel(result: SqlResult, rows: unknown[][], title: string) {
    const { default: writeXlsxFile } = await import('write-excel-file/browser');
    const header = headersOf(result).map((value) => ({ value, fontWeight: 'bold' as const }));
    const body = rows.map((row) =>
      row.map((value) =>
        typeof value === 'number' ? { value } : { value: textRows([[value]], true)[0][0] },
      ),
    );
    const blob = await writeXlsxFile([header, ...body], {
      sheet: (title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Informe').trim(),
      stickyRowsCount: 1,
    }).toBlob();
    downloadBlob(blob, fileName(title, 'xlsx'));
  },
  /** A landscape A4 PDF of every column (jspdf and jspdf-autotable), loaded on demand. */
  async pdf(result: SqlResult, rows: unknown[][], title: string) {
    const [{ jsPDF }, { autoTable }] = await Promise.all([
      import('jspdf'),
      import('jspdf-autotable'),
    ]);
    const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
    doc.setFontSize(13);
    doc.text(title, 40, 40);
    autoTable(doc, {
      head: [headersOf(result)],
      body: textRows(rows, false),
      startY: 56,
      margin: { left: 40, right: 40 },
      styles: { fontSize: 8, cellPadding: 3, overflow: 'linebreak' },
      headStyles: { fillColor: [33, 33, 33] },
    });
    downloadBlob(doc.output('blob'), fileName(title, 'pdf'));
  },
};
