import type { Group } from '../../protocol/groups';
import type { Page } from '../../protocol/paging';
import type { CallService } from './callService';

/** A row of the group editor's device picker (devicesWithPages, status short). */
export interface PickerDevice {
  ID: number;
  PIN: string | null;
  MID: string;
  OWNER: string | null;
  EMAIL: string | null;
  DEVICE_TYPE: string | null;
}

/** A user who may manage the project's groups. */
export interface GroupCandidate {
  IDUSER: number;
  LOGIN: string;
  EMAIL: string | null;
}

export interface PickerQuery {
  start: number;
  length: number;
  orderBy: string;
  orderDir: 'asc' | 'desc';
  /** Text filters by column, each "contains" (000 §5 operator 1); at most 4 (000 §9). */
  filters: Record<string, string>;
  platform: string;
}

/** The calls of the groups tab (server/services/groups/, 002 §7). */
export function groupCalls(callService: CallService) {
  return {
    groupPickerDevices: (database: number, query: PickerQuery, signal?: AbortSignal) => {
      const rowfilter = Object.fromEntries(
        Object.entries(query.filters).filter(([, value]) => value.trim() !== ''),
      );
      return callService<Page<PickerDevice>>(
        'devicesWithPages',
        {
          database,
          status: 'short',
          platform: query.platform,
          datatable: {
            start: query.start,
            length: query.length,
            orderBy: query.orderBy,
            orderDir: query.orderDir,
          },
          rowfilter,
          rowfilteroper: Object.fromEntries(Object.keys(rowfilter).map((column) => [column, 1])),
        },
        signal,
      );
    },
    groupCandidates: (database: number, q: string, signal?: AbortSignal) =>
      callService<Page<GroupCandidate>>(
        'admgroups',
        { database, oper: 'users', filter: q ? { q } : {}, datatable: { start: 0, length: 20 } },
        signal,
      ),
    group: (database: number, ID: number, signal?: AbortSignal) =>
      callService<Group>('admgroups', { database, oper: 'group', ID }, signal),
    syncGroups: (database: number) =>
      callService<{ groups: number; devices: number; models: number }>('syncgroups', { database }),
    provisionGroup: (database: number, ID: number) =>
      callService<{ ID: number; devices: number }>('provigroup', { database, data: { ID } }),
  };
}

export type GroupCalls = ReturnType<typeof groupCalls>;
