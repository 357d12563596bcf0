import type { Datatable } from '../../protocol/paging';
import type { ReportRow, SqlResult } from '../../protocol/reports';
import type { CallService } from './callService';

export interface ReportPage {
  data: ReportRow[];
  total: number;
  /** The caller may create reports. */
  writable: boolean;
}

export interface ReportDraft {
  ID: number;
  Title: string;
  Code: boolean;
  SQL: string;
  Type: string;
}

/** The reports screen's calls (001 §7 reportsWithPages, SaveReport, DeleteReport; runReport). */
export function reportCalls(callService: CallService) {
  return {
    reportsPage: (database: number, filter: string, datatable: Datatable, signal?: AbortSignal) =>
      callService<ReportPage>(
        'reportsWithPages',
        { database, filter, limit: -666, datatable },
        signal,
      ),
    saveReport: (database: number, report: ReportDraft) =>
      callService<ReportRow>('SaveReport', { ...report, DBNumber: database }),
    deleteReport: (database: number, id: number) =>
      callService<{ deleted: number }>('DeleteReport', { database, filter: id }),
    /** A saved report by ID, or the editor's unsaved SQL, with its macros' values. */
    runReport: (
      database: number,
      report: { ID?: number; SQL?: string },
      macros: Record<string, string>,
      signal?: AbortSignal,
    ) => callService<SqlResult>('runReport', { database, ...report, macros, limit: -666 }, signal),
  };
}

export type ReportCalls = ReturnType<typeof reportCalls>;
