import { HttpError, type DataProvider, type GetListParams, type UpdateParams } from 'ra-core';
import type { Page } from '../../protocol/paging';
import type { CallService } from './callService';
import { deviceCalls, type DeviceCalls } from './deviceCalls';
import { environmentCalls, type EnvironmentCalls } from './environmentCalls';
import { LIST_RESOURCES, toDatatable } from './listResources';
import { projectCalls, type ProjectCalls } from './projectCalls';
import { remoteCalls, type RemoteCalls } from './remoteCalls';
import type {
  CompanyListRow,
  CompanyRow,
  MenuResponse,
  NotificationRow,
  PricingResponse,
  ProfileUpdate,
  SessionResponse,
  UserRow,
} from './types';

/** The console's verbs beyond react-admin's CRUD, called through useDataProvider<FlotaDataProvider>(). */
export interface FlotaDataProvider
  extends DataProvider, DeviceCalls, RemoteCalls, EnvironmentCalls, ProjectCalls {
  session(signal?: AbortSignal): Promise<SessionResponse>;
  menu(signal?: AbortSignal): Promise<MenuResponse>;
  saveState(state: string, currentdb?: string | null, serverid?: string): Promise<unknown>;
  notifications(
    page: { start: number; length: number },
    signal?: AbortSignal,
  ): Promise<Page<NotificationRow>>;
  markNotificationRead(id: number): Promise<boolean>;
  updateProfile(changes: ProfileUpdate): Promise<UserRow>;
  pricing(signal?: AbortSignal): Promise<PricingResponse>;
  subscribe(tier: string): Promise<CompanyRow>;
  setCompanyState(id: number, disabled: boolean): Promise<CompanyRow>;
}

const unsupported = (method: string) => async (resource: string) => {
  throw new HttpError(`${method} is not available for ${resource}`, 501);
};

function listResource(resource: string) {
  const definition = LIST_RESOURCES[resource];
  if (!definition) throw new HttpError(`Unknown resource ${resource}`, 404);
  return definition;
}

/** @example const dataProvider = createDataProvider(createServiceClient(userManager)); */
export function createDataProvider(callService: CallService): FlotaDataProvider {
  const setCompanyState = (id: number, disabled: boolean) =>
    callService<CompanyRow>('updateCompanyState', { idcia: id, disabled });

  const devices = deviceCalls(callService);
  return {
    supportAbortSignal: true,
    async getList(resource: string, params: GetListParams) {
      if (resource === 'devicelist') {
        const page = await devices.devicePage(params, params.signal);
        // react-admin keys records by `id`; devices are keyed by ID on the wire.
        const data = page.data.map((row) => ({ ...row, id: row.ID }));
        return { data: data as never[], total: Number(page.total) };
      }
      const { operation, sortable, filter } = listResource(resource);
      const page = await callService<Page<Record<string, unknown>>>(
        operation,
        { datatable: toDatatable(params, sortable), filter: filter(params.filter ?? {}) },
        params.signal,
      );
      return { data: page.data as never[], total: Number(page.total) };
    },
    async update(resource: string, params: UpdateParams) {
      if (resource !== 'companies') return unsupported('update')(resource);
      const company = await setCompanyState(Number(params.id), params.data.active === false);
      return { data: { ...(params.previousData as CompanyListRow), ...company } as never };
    },
    // The contract has no single-record operations: lists are the only reads.
    getOne: unsupported('getOne'),
    getMany: unsupported('getMany'),
    getManyReference: unsupported('getManyReference'),
    updateMany: unsupported('updateMany'),
    create: unsupported('create'),
    delete: unsupported('delete'),
    deleteMany: unsupported('deleteMany'),

    session: (signal) => callService('session', {}, signal),
    menu: (signal) => callService('menu', {}, signal),
    saveState: (state, currentdb, serverid) =>
      callService('saveState', {
        state,
        ...(currentdb ? { currentdb } : {}),
        ...(serverid ? { serverid } : {}),
      }),
    notifications: (page, signal) => callService('notifications', { datatable: page }, signal),
    markNotificationRead: (id) => callService('notificationRead', { id }),
    updateProfile: (changes) => callService('updateProfile', changes),
    pricing: (signal) => callService('pricing', {}, signal),
    subscribe: (tier) => callService('subscribe', { tier }),
    setCompanyState,
    ...devices,
    ...remoteCalls(callService),
    ...environmentCalls(callService),
    ...projectCalls(callService),
  };
}
