import type { DataProvider, GetListParams } from 'ra-core';
import type { Page } from '../../protocol/paging';
import { accessTokenOf, type CallService } from './callService';
import { definitionCalls, type DefinitionCalls } from './definitionCalls';
import { deviceCalls, type DeviceCalls } from './deviceCalls';
import { environmentCalls, type EnvironmentCalls } from './environmentCalls';
import { overrideCalls, type OverrideCalls } from './overrideCalls';
import { projectCalls, type ProjectCalls } from './projectCalls';
import { remoteCalls, type RemoteCalls } from './remoteCalls';
import { organizationCalls, type OrganizationCalls } from './organizationCalls';
import { userCalls, type UserCalls } from './userCalls';
import { toolCalls, type ToolCalls } from './toolCalls';
import { revisionCalls, type RevisionCalls } from './revisionCalls';
import { groupCalls, type GroupCalls } from './groupCalls';
import { statisticsCalls, type StatisticsCalls } from './statisticsCalls';
import { projectFileCalls, type ProjectFileCalls } from './projectFileCalls';
import { updateCalls, type UpdateCalls } from './updateCalls';
import { reportCalls, type ReportCalls } from './reportCalls';
import { sqlConsoleCalls, type SqlConsoleCalls } from './sqlConsoleCalls';
import { tableCalls, type TableCalls } from './tableCalls';
import { provisioningCalls, type ProvisioningCalls } from './provisioningCalls';
import { selectionCalls, type SelectionCalls } from './selectionCalls';
import type {
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
  extends
    DataProvider,
    DefinitionCalls,
    DeviceCalls,
    RemoteCalls,
    EnvironmentCalls,
    ProjectCalls,
    OverrideCalls,
    UserCalls,
    ToolCalls,
    RevisionCalls,
    StatisticsCalls,
    OrganizationCalls,
    GroupCalls,
    ProjectFileCalls,
    UpdateCalls,
    ReportCalls,
    SqlConsoleCalls,
    TableCalls,
    ProvisioningCalls,
    SelectionCalls {
  session(signal?: AbortSignal): Promise<SessionResponse>;
  /** The access token the live signalling socket offers (src/custom/live). */
  liveToken(): Promise<string | null>;
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

/** @example const dataProvider = createDataProvider(createServiceClient(userManager)); */
export function createDataProvider(callService: CallService): FlotaDataProvider {
  const setCompanyState = (id: number, disabled: boolean) =>
    callService<CompanyRow>('updateCompanyState', { idcia: id, disabled });

  const devices = deviceCalls(callService);
  // The declared resources (protocol/resources): every react-admin method from their verbs.
  const definitions = definitionCalls(callService);
  return {
    ...definitions,
    supportAbortSignal: true,
    async getList(resource: string, params: GetListParams) {
      if (resource === 'devicelist') {
        const page = await devices.devicePage(params, params.signal);
        // react-admin keys records by `id`; devices are keyed by ID on the wire.
        const data = page.data.map((row) => ({ ...row, id: row.ID }));
        // A capped total (more devices than counted) travels in meta: DevicePagination says so.
        return {
          data: data as never[],
          total: Number(page.total),
          ...(page.totalCapped ? { meta: { totalCapped: true } } : {}),
        };
      }
      return definitions.getList(resource, params);
    },

    session: (signal) => callService('session', {}, signal),
    liveToken: () => accessTokenOf(callService),
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
    ...overrideCalls(callService),
    ...userCalls(callService),
    ...toolCalls(callService),
    ...revisionCalls(callService),
    ...statisticsCalls(callService),
    ...organizationCalls(callService),
    ...projectFileCalls(callService),
    ...groupCalls(callService),
    ...updateCalls(callService),
    ...reportCalls(callService),
    ...sqlConsoleCalls(callService),
    ...tableCalls(callService),
    ...provisioningCalls(callService),
    ...selectionCalls(callService),
  };
}
