import type { Datatable } from '../../protocol/paging';
import type {
  ProvisionAnswer,
  ProvisionKey,
  ProvisionLogRow,
  ProvisionTaskRow,
} from '../../protocol/provisioning';
import type { CallService } from './callService';

type Page<T> = { data: T[]; total: number };
type PageRequest = Pick<Datatable, 'start' | 'length'>;

/** Device provisioning (001 §7 provisioningDevice, deviceProvisionTask). */
export function provisioningCalls(callService: CallService) {
  return {
    provisionDevices: (database: number, key: ProvisionKey, mids: string[] | 'all') =>
      callService<ProvisionAnswer>('provisioningDevice', {
        database,
        key,
        devices: mids === 'all' ? [] : mids.map((MID) => ({ MID })),
        all: mids === 'all',
      }),
    provisionTasks: (database: number, mid: string, page: PageRequest, signal?: AbortSignal) =>
      callService<Page<ProvisionTaskRow>>(
        'deviceProvisionTask',
        { database, mid, oper: 'list', datatable: { ...page, orderDir: 'desc' } },
        signal,
      ),
    provisionLog: (
      database: number,
      mid: string,
      task: number,
      page: PageRequest,
      signal?: AbortSignal,
    ) =>
      callService<Page<ProvisionLogRow>>(
        'deviceProvisionTask',
        { database, mid, oper: 'log', task, datatable: { ...page, orderDir: 'asc' } },
        signal,
      ),
  };
}

export type ProvisioningCalls = ReturnType<typeof provisioningCalls>;
