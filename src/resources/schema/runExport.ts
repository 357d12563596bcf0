import type { BooleanWords } from './cellValue';
import {
  exportFileName,
  textMatrix,
  toCsv,
  toTsv,
  type ExportColumn,
  type ExportRow,
} from './exportBuilders';
import { copyText, downloadText, writeExcel, writePdf } from './exportWriters';

export type ExportFormat = 'clipboard' | 'excel' | 'csv' | 'pdf';

export const EXPORT_FORMATS: readonly ExportFormat[] = ['clipboard', 'excel', 'csv', 'pdf'];

const EXTENSIONS: Record<Exclude<ExportFormat, 'clipboard'>, string> = {
  excel: 'xlsx',
  csv: 'csv',
  pdf: 'pdf',
};

export interface ExportJob {
  resource: string;
  project: string;
  /** Title of the PDF. */
  title: string;
  /** Name of the Excel sheet. */
  sheet: string;
  columns: ExportColumn[];
  rows: ExportRow[];
  words: BooleanWords;
  now: Date;
}

/** Writes fetched rows in one format: to the clipboard, or as a file to download. */
export async function writeExport(format: ExportFormat, job: ExportJob): Promise<void> {
  const headers = job.columns.map((column) => column.label);
  if (format === 'clipboard') {
    const cells = textMatrix(job.columns, job.rows, job.words, true);
    await copyText(toTsv(headers, cells));
    return;
  }
  const fileName = exportFileName(job.resource, job.project, job.now, EXTENSIONS[format]);
  if (format === 'csv') {
    const cells = textMatrix(job.columns, job.rows, job.words, true);
    downloadText(toCsv(headers, cells), fileName, 'text/csv;charset=utf-8');
  } else if (format === 'excel') {
    await writeExcel(job.columns, job.rows, job.sheet, fileName, job.words.language);
  } else {
    const cells = textMatrix(job.columns, job.rows, job.words, false);
    await writePdf(job.columns, cells, job.title, fileName);
  }
}
