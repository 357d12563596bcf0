import type { GetListParams } from 'ra-core';
import { MAX_PAGE_LENGTH, type Page } from '../../protocol/paging';
import { TextOperator } from '../../protocol/filters';
import type { FleetSummaryResponse } from '../../protocol/fleet';
import type { ResourceSchema } from '../../protocol/resource-schema';
import type { CallService } from './callService';
import type {
  ActiveDevicesResponse,
  ActivityCounters,
  DeviceForEdit,
  DeviceListFilter,
  DeviceListRow,
  DeviceSave,
  GraphResponse,
  ProjectAccessResponse,
  ProjectRow,
  SearchParams,
  SearchRow,
} from './deviceTypes';

/** The largest page the server serves (000 §9 "all"); exports walk the filtered set by it. */
export const LARGEST_PAGE = MAX_PAGE_LENGTH;

/** A page of the device list; `totalCapped`: there are more devices than `total` (not counted). */
export type DevicePage = Page<DeviceListRow> & { totalCapped?: true };

/** react-admin's list parameters of `devicelist` as the `devicesWithPages` parameter. */
export function deviceListParameter(params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>) {
  const filter = (params.filter ?? {}) as DeviceListFilter;
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 100 };
  const length = Math.min(perPage, LARGEST_PAGE);
  return {
    database: filter.database,
    datatable: {
      start: (page - 1) * length,
      length,
      ...(params.sort?.field ? { orderBy: params.sort.field } : {}),
      orderDir: params.sort?.order === 'DESC' ? 'desc' : 'asc',
    },
    platform: filter.platform || 'all',
    status: filter.status ?? 'all',
    ...(filter.fleet ? { fleet: filter.fleet } : {}),
    ...withConnection(filter),
  };
}

/** The row filters, with the connection quick filter as ONLINE equal to yes or no. */
function withConnection(filter: DeviceListFilter) {
  const rowfilter = { ...filter.rowfilter };
  const rowfilteroper = { ...filter.rowfilteroper };
  if (filter.connection && !('ONLINE' in rowfilter)) {
    rowfilter.ONLINE = String(filter.connection === 'online');
    rowfilteroper.ONLINE = TextOperator.equals;
  }
  return { rowfilter, rowfilteroper };
}

/** The device verbs of the data provider (docs/api.md, device operations). */
export function deviceCalls(callService: CallService) {
  return {
    resourceSchema: (resource: string, database: number, signal?: AbortSignal) =>
      callService<ResourceSchema>('resourceSchema', { resource, database }, signal),
    projects: (signal?: AbortSignal) =>
      callService<Page<ProjectRow>>(
        'projects',
        { datatable: { start: 0, length: 500, orderDir: 'asc' } },
        signal,
      ),
    projectAccess: (database: number, signal?: AbortSignal) =>
      callService<ProjectAccessResponse>('projectAccess', { database }, signal),
    devicePage: (
      params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
      signal?: AbortSignal,
    ) => callService<DevicePage>('devicesWithPages', deviceListParameter(params), signal),
    deviceForEdit: (database: number, id: number | null, signal?: AbortSignal) =>
      callService<DeviceForEdit>(
        'deviceForEdit',
        id === null ? { database } : { database, ID: id },
        signal,
      ),
    saveDevice: (database: number, device: DeviceSave) =>
      callService<DeviceListRow>('saveDevice', { database, device }),
    createDeviceLicence: (database: number, id: number) =>
      callService<DeviceListRow>('createdevicelic', { database, device: { ID: id } }),
    setDeviceUser: (
      database: number,
      MID: string,
      newUserID: number | null,
      newApplicationID?: number | null,
    ) =>
      callService<DeviceListRow>('deviceDevicesApplication', {
        database,
        MID,
        newUserID,
        ...(newApplicationID === undefined ? {} : { newApplicationID }),
      }),
    deleteDevices: (database: number, ids: number[]) =>
      callService<{ deleted: number; MID: string[] }>('deviceDelete', {
        database,
        dataArray: ids,
      }),
    setPendingDevices: (database: number, mids: string[], status: 'enabled' | 'disabled') =>
      callService<{ updated: number; PENDIENTE: number }>('setPendingDevices', {
        database,
        lstMID: mids,
        status,
      }),
    activeDevices: (database: number, signal?: AbortSignal) =>
      callService<ActiveDevicesResponse>('activeDevices', { database }, signal),
    activityDevices: (database: number, signal?: AbortSignal) =>
      callService<ActivityCounters>('activitydevices', { database }, signal),
    graph: (database: number, signal?: AbortSignal) =>
      callService<GraphResponse>('graph', { database, filter: 'device_by_platform' }, signal),
    fleetSummary: (database: number, signal?: AbortSignal) =>
      callService<FleetSummaryResponse>('fleetSummary', { database }, signal),
    devicesByDatabase: (params: SearchParams, signal?: AbortSignal) =>
      callService<Page<SearchRow> & { projects: number }>('devicesByDatabase', params, signal),
  };
}

export type DeviceCalls = ReturnType<typeof deviceCalls>;
