import type { MdmCalls } from './mdmCalls';
import type { KioskCalls } from './kioskCalls';
import type { FrameworkCalls } from './frameworkCalls';
import type { DataProvider, GetListParams } from 'ra-core';
import type { Page } from '../../protocol/paging';
import { accessTokenOf, type CallService } from './callService';
import type { DefinitionCalls } from './definitionCalls';
import { deviceCalls, type DeviceCalls } from './deviceCalls';
import type { EnvironmentCalls } from './environmentCalls';
import type { OverrideCalls } from './overrideCalls';
import type { ProjectCalls } from './projectCalls';
import type { RemoteCalls } from './remoteCalls';
import type { OrganizationCalls } from './organizationCalls';
import type { UserCalls } from './userCalls';
import type { ToolCalls } from './toolCalls';
import type { GroupCalls } from './groupCalls';
import type { StatisticsCalls } from './statisticsCalls';
import type { ProjectFileCalls } from './projectFileCalls';
import type { UpdateCalls } from './updateCalls';
import type { ReportCalls } from './reportCalls';
import type { SqlConsoleCalls } from './sqlConsoleCalls';
import type { TableCalls } from './tableCalls';
import type { ProvisioningCalls } from './provisioningCalls';
import type { SelectionCalls } from './selectionCalls';
import type { RevisionCalls } from './revisionCalls';
import type { LaterCalls } from './laterCalls';
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
    SelectionCalls,
    KioskCalls,
    FrameworkCalls,
    MdmCalls {
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

/**
 * Every method of laterCalls.ts by name, so that the data provider has them before that chunk is
 * fetched; the compiler holds the list to the module (a method added there must be named here).
 */
const LATER_CALLS = {
  getList: true,
  getOne: true,
  getMany: true,
  getManyReference: true,
  create: true,
  update: true,
  updateMany: true,
  delete: true,
  deleteMany: true,
  bulkAction: true,
  sendCommand: true,
  cancelCommand: true,
  deviceControls: true,
  deviceCommandLog: true,
  deviceReplicaStatus: true,
  sendPush: true,
  mdmCommand: true,
  mdmCommandLog: true,
  deviceInventory: true,
  requestPosition: true,
  helpdeskFiles: true,
  viewLog: true,
  viewImage: true,
  mailDevices: true,
  mailAllDevices: true,
  mailUsers: true,
  downloadHelpdeskFile: true,
  environments: true,
  environmentProjects: true,
  getServerLicence: true,
  setServerLicence: true,
  admlicenses: true,
  createProject: true,
  markToDelete: true,
  markToRestore: true,
  loginProjects: true,
  recents: true,
  shareds: true,
  projectShares: true,
  shareProject: true,
  unshareProject: true,
  usersForShare: true,
  publishProject: true,
  publishTargets: true,
  customisableResources: true,
  scopeOverride: true,
  overrideHistory: true,
  saveOverride: true,
  revertOverride: true,
  revertRevision: true,
  restoreCustomEntity: true,
  runBot: true,
  botSecret: true,
  androidSignup: true,
  androidComplete: true,
  enrolmentDetails: true,
  managedDeviceRow: true,
  setPendingDevice: true,
  mdmDashboard: true,
  apnsUpload: true,
  effectiveOverrides: true,
  customDefinitions: true,
  userAccess: true,
  saveUserAccess: true,
  userProjectAccess: true,
  saveUserProjectAccess: true,
  valueAvailable: true,
  lockUser: true,
  purgeDeletedNow: true,
  clearHelpdesk: true,
  resendPasswordMail: true,
  statisticSemaphore: true,
  statisticQueue: true,
  statisticPercent: true,
  uploadCertificate: true,
  uploadProjectFile: true,
  downloadProjectFile: true,
  groupPickerDevices: true,
  groupCandidates: true,
  group: true,
  syncGroups: true,
  provisionGroup: true,
  updatesList: true,
  filesForUpdate: true,
  uploadPublish: true,
  uploadUpdateFile: true,
  countUpdateTargets: true,
  uploadConfirm: true,
  updateGroups: true,
  deviceUpdates: true,
  markToDownloaded: true,
  cleanUpdatesForMID: true,
  resetUpdatesForMID: true,
  downloadUpdateFile: true,
  reportsPage: true,
  saveReport: true,
  deleteReport: true,
  runReport: true,
  runConsoleSql: true,
  consoleTables: true,
  consoleColumns: true,
  updateTableData: true,
  provisionDevices: true,
  selectionRules: true,
  standardStatement: true,
  advancedStatement: true,
  checkSelection: true,
  saveRule: true,
  deviceSelection: true,
  saveDeviceSelection: true,
  kioskApps: true,
  saveKioskApp: true,
  kioskConfig: true,
  saveKioskConfig: true,
  saveKioskWifis: true,
  uploadKioskApk: true,
  kioskPremiumCheck: true,
  enableKioskPremium: true,
  frameworksContext: true,
  frameworkVersionChoices: true,
  generateFramework: true,
  generations: true,
  publishGeneration: true,
  deleteGeneration: true,
  createQR: true,
  downloadGeneration: true,
  uploadFrameworkTemplate: true,
  kioskPremium: true,
  kioskPremiumTable: true,
  kioskPremiumCommand: true,
} satisfies Record<keyof LaterCalls, true>;

/**
 * The methods of laterCalls.ts, each fetching that chunk on its first call (once; again after a
 * failed fetch) and then calling through: home's first load carries none of them.
 */
function laterCallsOnDemand(callService: CallService): LaterCalls {
  let loading: Promise<LaterCalls> | null = null;
  const load = () =>
    (loading ??= import('./laterCalls').then(
      ({ laterCalls }) => laterCalls(callService),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  const forward =
    (name: keyof LaterCalls) =>
    async (...args: unknown[]) =>
      ((await load())[name] as (...parameters: unknown[]) => unknown)(...args);
  return Object.fromEntries(
    Object.keys(LATER_CALLS).map((name) => [name, forward(name as keyof LaterCalls)]),
  ) as unknown as LaterCalls;
}

/** @example const dataProvider = createDataProvider(createServiceClient(userManager)); */
export function createDataProvider(callService: CallService): FlotaDataProvider {
  const setCompanyState = (id: number, disabled: boolean) =>
    callService<CompanyRow>('updateCompanyState', { idcia: id, disabled });

  const devices = deviceCalls(callService);
  // The declared resources (protocol/resources): every react-admin method from their verbs,
  // with the other areas' calls.
  const later = laterCallsOnDemand(callService);
  return {
    ...later,
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
      return later.getList(resource, params);
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
  };
}
