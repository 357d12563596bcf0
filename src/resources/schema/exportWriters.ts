import { excelValue } from './cellValue';
import { pdfColumns, type ExportColumn, type ExportRow } from './exportBuilders';

/** Offers a file for download under the given name. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers read the address after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Puts text on the clipboard. The Clipboard API exists only on secure origins (https or
 * localhost); a console served over plain http on a LAN falls back to the older copy command.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('Clipboard not available');
}

export function downloadText(text: string, fileName: string, type: string): void {
  downloadBlob(new Blob([text], { type }), fileName);
}

/** An Excel sheet name: at most 31 characters, none of []:*?/\ */
const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/** A real .xlsx (write-excel-file, loaded only when someone exports). */
export async function writeExcel(
  columns: ExportColumn[],
  rows: ExportRow[],
  sheet: string,
  fileName: string,
  language: 'es' | 'en',
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const header = columns.map((column) => ({ value: column.label, fontWeight: 'bold' as const }));
  const body = rows.map((row) =>
    columns.map((column) => excelValue(column.field, row[column.field.source], language)),
  );
  const blob = await writeXlsxFile([header, ...body], {
    sheet: sheetName(sheet),
    stickyRowsCount: 1,
    dateFormat: 'yyyy-mm-dd hh:mm:ss',
    columns: columns.map((column) => ({
      width: Math.min(Math.max(column.label.length + 2, 12), 40),
    })),
  }).toBlob();
  downloadBlob(blob, fileName);
}

/**
 * A landscape A4 PDF of the export columns 3 to 9 (jspdf and jspdf-autotable, loaded only when
 * someone exports), with the title on the first page and page numbers on every page.
 */
export async function writePdf(
  columns: ExportColumn[],
  cells: string[][],
  title: string,
  fileName: string,
): Promise<void> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([
    import('jspdf'),
    import('jspdf-autotable'),
  ]);
  const indexes = pdfColumns(columns.map((_, index) => index));
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  doc.setFontSize(13);
  doc.text(title, 40, 40);
  autoTable(doc, {
    head: [indexes.map((index) => columns[index].label)],
    body: cells.map((line) => indexes.map((index) => line[index])),
    startY: 56,
    margin: { left: 40, right: 40 },
    styles: { fontSize: 8, cellPadding: 3, overflow: 'linebreak' },
    headStyles: { fillColor: [33, 33, 33] },
    didDrawPage: () => {
      const page = doc.getNumberOfPages();
      doc.setFontSize(8);
      doc.text(
        String(page),
        doc.internal.pageSize.getWidth() - 40,
        doc.internal.pageSize.getHeight() - 20,
        {
          align: 'right',
        },
      );
    },
  });
  downloadBlob(doc.output('blob'), fileName);
}
