import { dpcEmmApiCmd } from '../kiosk/premium/mdm-command';
import {
  afwEmmApi,
  cmdMdmLog,
  dpcEmmApi,
  setDataDevice,
  setDataDeviceGPS,
} from '../commands/mdm-operations';
import { deviceCommandLog, deviceCommands, sendCommand, sendPush } from '../commands/operations';
import { cancelCommand } from '../commands/cancel';
import { deviceControls } from '../commands/controls';
import { botRuns, botsRun, botsSecret } from '../bots/operations';
import { FRAMEWORK_OPERATIONS } from '../frameworks/operations';
import { mdmAndroidComplete, mdmAndroidSignup } from '../mdm/signup';
import { mdmEnrolmentDetails, mdmSetPendingDevices } from '../mdm/devices';
import { mdmDashboard } from '../mdm/dashboard';
import { MDM_KIOSK_OPERATIONS } from '../mdm/kiosk';
import { mdmApnsUpload } from '../mdm/apns';
import { engineOperations } from '../engine/index';
import { resourceSchema } from '../resources/operation';
import {
  effectiveOverrides,
  resourceOverride,
  resourceOverrideHistory,
  resourceOverrides,
  revertResourceOverride,
  saveResourceOverride,
} from '../resources/override-operations';
import {
  saveUserAccess,
  saveUserProjectAccess,
  userAccess,
  userProjectAccess,
} from './access/user-access';
import { actionsLog } from './admin/actions';
import { companies, updateCompanyState } from './admin/companies';
import { createCompany, updateCompany } from './admin/company-admin';
import { serverLog } from './admin/server-log';
import { toolClearHelpdesk, toolPasswordMail, toolPurgeDeleted } from './admin/tools';
import {
  companyUser,
  companyUsers,
  createUser,
  deleteUser,
  lockUser,
  loginAvailable,
  updateUser,
} from './admin/users';
import { enrolmentToken } from './devices/enrolment';
import { deviceForEdit } from './devices/edit';
import { createdevicelic, deviceDevicesApplication } from './devices/licence';
import { devicesWithPages } from './devices/list';
import { activeDevices, applications, devices, users } from './devices/lookups';
import { activitydevices, graph } from './devices/overview';
import { getStatisticPercent, getStatisticSemaphore } from './statistics/operations';
import { fleetSummary } from './fleet/summary';
import { saveDevice } from './devices/save';
import { devicesByDatabase } from './devices/search';
import { deviceDelete, setPendingDevices } from './devices/state';
import { loginProjects } from './environments/login';
import { environmentProjects } from './environments/projects';
import { getServerLicence, setServerLicence } from './environments/server-licence';
import { projectAccess } from './projects/access';
import { admlicenses } from './projects/licences';
import { createProject } from './projects/create';
import { markToDelete, markToRestore } from './projects/lifecycle';
import { projects } from './projects/list';
import { importProject, projectDefinition, publishProject } from './projects/publish';
import { publishTargets } from './projects/publish-targets';
import { recents, shareds } from './projects/recents';
import { projectShares, shareProject, unshareProject, usersForShare } from './projects/sharing';
import { deviceData } from './remote/device-data';
import { deviceErrorLogs } from './remote/device-errors';
import { deleteHelpDeskForDEVICEID } from './remote/helpdesk';
import { viewImage, viewLog } from './remote/helpdesk-view';
import { admemail, admemailall, sendEmail } from './remote/mail';
import { OperationRegistry } from './registry';
import { SPEC_CALLS } from './spec-calls/index';
import { reports, reportsWithPages } from './reports/list';
import { runReport } from './reports/run';
import { deviceProvisionTask, provisioningDevice } from '../provisioning/operations';
import { DeleteReport, SaveReport } from './reports/save';
import { tablesData } from '../sql-runner/tables-data';
import {
  callDB,
  callProvision,
  checkProvisioning,
  deviceDynamicSelected,
  GetAdvanceStm,
  GetStandartStm,
  saveDynamicSelected,
  selectionRules,
  UpdateAST,
} from '../selection/operations';
import { tables, tablesColumns, updateTableData } from '../tables/operations';
import { companyData, modifyCompanyData } from './organization/company';
import { shareCertificate } from './organization/certificates';
import { sharedCompanies } from './organization/shared-companies';
import { uploadCertificate } from './organization/upload';
import { notificationRead, notifications } from './session/notifications';
import { pricing, subscribe, updateProfile } from './session/profile';
import { loadState, menu, saveState, session } from './session/session';
import { deviceReplicaOperations, deviceReplicaStatus } from '../replication/console';
import { admgroups } from './groups/admgroups';
import { provigroup, syncgroups } from './groups/sync';
import { admplatforms } from './settings/platforms';
import { getDBconfig, setDBconfig } from './settings/replicator';
import {
  deleteProjectFile,
  downloadProjectFile,
  projectFiles,
  uploadProjectFile,
} from '../project-files/operations';
import { downloadUpdateFile, uploadUpdateFile } from '../updates/file-operations';
import { kioskDownloadApk, kioskUploadApk } from '../kiosk/upload';
import {
  countUpdateTargets,
  filesForUpdate,
  getVersionUpdate,
  updatesList,
  uploadConfirm,
  uploadPublish,
} from '../updates/operations';
import {
  cleanUpdatesForMID,
  markToDownloaded,
  resetUpdatesForMID,
} from '../updates/row-operations';

/** The single table of what the server does: every operation, by area. */
export function createRegistry(): OperationRegistry {
  return new OperationRegistry().add(
    session,
    menu,
    saveState,
    loadState,
    notifications,
    notificationRead,
    updateProfile,
    pricing,
    subscribe,
    actionsLog,
    companies,
    updateCompanyState,
    // Top administrator, server log and tools (server/services/admin/).
    createCompany,
    updateCompany,
    serverLog,
    toolPurgeDeleted,
    toolPasswordMail,
    toolClearHelpdesk,
    companyUser,
    companyUsers,
    loginAvailable,
    createUser,
    updateUser,
    lockUser,
    deleteUser,
    // Access trees per user (server/services/access/).
    userAccess,
    saveUserAccess,
    userProjectAccess,
    saveUserProjectAccess,
    enrolmentToken,
    projectAccess,
    devicesWithPages,
    activeDevices,
    devices,
    deviceForEdit,
    saveDevice,
    createdevicelic,
    deviceDelete,
    setPendingDevices,
    users,
    applications,
    deviceDevicesApplication,
    activitydevices,
    graph,
    // The statistics screen (server/services/statistics/).
    getStatisticSemaphore,
    getStatisticPercent,
    fleetSummary,
    devicesByDatabase,
    projects,
    resourceSchema,
    resourceOverrides,
    resourceOverride,
    resourceOverrideHistory,
    saveResourceOverride,
    revertResourceOverride,
    effectiveOverrides,
    deviceData,
    deleteHelpDeskForDEVICEID,
    viewLog,
    viewImage,
    admemail,
    admemailall,
    sendEmail,
    // Remote commands (server/commands/): services operations and the MDM endpoint's opers.
    sendCommand,
    cancelCommand,
    deviceControls,
    deviceCommands,
    deviceCommandLog,
    deviceErrorLogs,
    deviceReplicaStatus,
    deviceReplicaOperations,
    // Project settings: platforms and models, replicator (server/services/settings/).
    admplatforms,
    getDBconfig,
    setDBconfig,
    // Project settings: the file browser (server/project-files/).
    projectFiles,
    uploadProjectFile,
    downloadProjectFile,
    deleteProjectFile,
    // The simple kiosk's APKs (server/kiosk/, docs/kiosk.md).
    kioskUploadApk,
    kioskDownloadApk,
    // Update publishing (server/updates/, docs/updates.md).
    updatesList,
    filesForUpdate,
    getVersionUpdate,
    uploadPublish,
    countUpdateTargets,
    uploadConfirm,
    uploadUpdateFile,
    downloadUpdateFile,
    markToDownloaded,
    cleanUpdatesForMID,
    resetUpdatesForMID,
    sendPush,
    dpcEmmApi,
    afwEmmApi,
    cmdMdmLog,
    setDataDevice,
    setDataDeviceGPS,
    dpcEmmApiCmd,
    // Environments and licences (server/services/environments/, projects/licences.ts); their
    // list, create, edit and delete are the engine's (server/engine/hooks/environments.ts).
    environmentProjects,
    getServerLicence,
    setServerLicence,
    loginProjects,
    admlicenses,
    // -- environments end --
    // Projects: creation, lifecycle, sharing, recents, publishing (server/services/projects/).
    createProject,
    markToDelete,
    markToRestore,
    recents,
    shareds,
    projectShares,
    shareProject,
    unshareProject,
    usersForShare,
    projectDefinition,
    publishTargets,
    publishProject,
    importProject,
    // -- projects end --
    // Organization and security (server/services/organization/, security/).
    companyData,
    modifyCompanyData,
    sharedCompanies,
    uploadCertificate,
    shareCertificate,
    // -- organization end --
    // Project settings: groups (server/services/groups/).
    admgroups,
    syncgroups,
    provigroup,
    // Device provisioning (server/provisioning/, docs/device-protocol.md "Provisioning").
    provisioningDevice,
    deviceProvisionTask,
    // Reports and the SQL runner (server/services/reports/, server/sql-runner/).
    reportsWithPages,
    reports,
    SaveReport,
    DeleteReport,
    runReport,
    tablesData,
    // Data selection rules (server/selection/, docs/replication.md "Selection rules").
    selectionRules,
    GetStandartStm,
    GetAdvanceStm,
    callDB,
    UpdateAST,
    callProvision,
    checkProvisioning,
    deviceDynamicSelected,
    saveDynamicSelected,
    // The table browser and the record editor (server/tables/).
    tables,
    tablesColumns,
    updateTableData,
    // The specification's calls that were not ours: aliases and the missing ones (spec-calls/).
    ...SPEC_CALLS,
    // The resource engine: the operations of every definition owning its storage (server/engine/).
    ...engineOperations(),
    // Bots: a run now or a dry run, and their history (server/bots/).
    botsRun,
    botsSecret,
    mdmAndroidSignup,
    mdmAndroidComplete,
    mdmSetPendingDevices,
    mdmEnrolmentDetails,
    mdmDashboard,
    mdmApnsUpload,
    ...MDM_KIOSK_OPERATIONS,
    botRuns,
    // Generated app frameworks (server/frameworks/, docs/frameworks.md).
    ...FRAMEWORK_OPERATIONS,
  );
}
