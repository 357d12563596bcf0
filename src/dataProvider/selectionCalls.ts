import type { SqlResult } from '../../protocol/reports';
import type { SelectionRule } from '../../protocol/selection';
import type { CallService } from './callService';

/** What a checked statement answers: 'Consulta correcta', its first rows, whether a MID was checked. */
export interface SelectionCheck {
  message: string;
  CHECKMID: boolean;
  result: SqlResult;
}

/** A table's rule as one device has it (deviceDynamicSelected). */
export interface DeviceSelectionRow extends SelectionRule {
  ASSIGNED: boolean;
  CONDITIONAL: boolean;
}

export type RuleChange = Partial<
  Pick<
    SelectionRule,
    'SELECTED' | 'ALWAYS' | 'STATEMENT' | 'ALLMID' | 'SELECTIVE' | 'CRITERIAPROVISIONNING'
  >
> & { TABLENAME: string; MID?: string };

/** The data selection rules (001 §7 GetStandartStm, GetAdvanceStm, callDB, UpdateAST, …). */
export function selectionCalls(callService: CallService) {
  return {
    selectionRules: (database: number) =>
      callService<{ data: SelectionRule[] }>('selectionRules', { database }),
    standardStatement: (database: number, table: string) =>
      callService<{ STATEMENT: string }>('GetStandartStm', { database, filter: table }),
    advancedStatement: (database: number, table: string) =>
      callService<{ STATEMENT: string }>('GetAdvanceStm', { database, filter: table }),
    checkSelection: (
      database: number,
      kind: 'replica' | 'provision',
      data: { TABLENAME: string; STATEMENT: string; MID?: string },
    ) =>
      callService<SelectionCheck>(kind === 'replica' ? 'callDB' : 'callProvision', {
        database,
        data,
      }),
    saveRule: (database: number, data: RuleChange) =>
      callService<{ message: string; pending: number }>('UpdateAST', { database, data }),
    deviceSelection: (database: number, mid: string) =>
      callService<{ MID: string; PENDIENTE: number; data: DeviceSelectionRow[] }>(
        'deviceDynamicSelected',
        { database, mid },
      ),
    saveDeviceSelection: (
      database: number,
      mid: string,
      tables: { TABLENAME: string; CONDITIONAL: boolean }[],
    ) => callService<{ message: string }>('saveDynamicSelected', { database, mid, TABLES: tables }),
  };
}

export type SelectionCalls = ReturnType<typeof selectionCalls>;
