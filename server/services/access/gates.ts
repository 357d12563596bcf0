import type { AccessMode } from '../../../protocol/access-tree';
import type { Flavour } from '../../../protocol/menu';
import { OPEN_TO_INACTIVE_COMPANY } from '../admin/active-company';
import { ENGINE_OPERATION_NAMES } from '../../engine/names';

/** The menu-tree node an operation needs in each host flavour (002 §6), and in which mode. */
export interface MenuGate {
  node: Record<Flavour, string>;
  mode: AccessMode;
}

const gate = (cloud: string, manager: string, mode: AccessMode = 'show'): MenuGate => ({
  node: { cloud, manager },
  mode,
});

// The areas. What reads needs 'show' of its node, what changes needs 'write': an action of the
// cloud tree (Projects → New) by its own node, the device area (MAM) and the manager tree's
// nodes by the area's.
const projectList = gate('projects.list', 'devices.mam');
const projectAction = (action: string) => gate(`projects.list.${action}`, 'devices.mam', 'write');
const dashboard = gate('projects.dashboard', 'devices.mam');
const environments = gate('projects.environments', 'administration.environments');
const environmentAction = (action: string) =>
  gate(`projects.environments.${action}`, 'administration.environments', 'write');
const mamRead = gate('devices.mam', 'devices.mam');
const mamWrite = gate('devices.mam', 'devices.mam', 'write');
const mdmWrite = gate('devices.mdm', 'devices.mdm', 'write');
const users = gate('administration.users', 'administration.users');
const company = gate('administration.company', 'administration');

const each = (names: string[], area: MenuGate) => names.map((name) => [name, area] as const);

/**
 * Every operation of an area of the menu, with its gate. An operation not listed here is not an
 * area of the menu (the session, the profile, notifications, saved state, pricing, the resource
 * overrides of the administrators) and is gated by its own permission only; the unit test
 * tests/unit/menu-gates.test.ts makes each new operation choose.
 */
export const OPERATION_GATES: Readonly<Record<string, MenuGate>> = Object.fromEntries([
  ...each(['recents', 'shareds', 'projectShares', 'usersForShare', 'publishTargets'], projectList),
  ...each(['shareProject', 'unshareProject'], projectAction('share')),
  ['createProject', projectAction('new')],
  ['importProject', projectAction('import')],
  ...each(['markToDelete', 'markToRestore'], projectAction('delete')),
  ['projectDefinition', projectAction('download')],
  ['publishProject', projectAction('publish')],
  ...each(['loginProjects'], dashboard),
  ...each(
    [
      'environments',
      'environmentsList',
      'environmentsShow',
      'environmentProjects',
      'getServerLicence',
    ],
    environments,
  ),
  ...each(['createEnvironment', 'environmentsCreate'], environmentAction('new')),
  ...each(['deleteEnvironment', 'environmentsDelete'], environmentAction('delete')),
  ...each(
    ['modifyEnvironment', 'environmentsEdit', 'setServerLicence', 'admlicenses'],
    environmentAction('save'),
  ),
  ...each(
    [
      // The project picker of the device area: only projects the caller reaches.
      'projects',
      'projectAccess',
      'devicesWithPages',
      'activeDevices',
      'devices',
      'deviceForEdit',
      'users',
      'applications',
      'activitydevices',
      'graph',
      'getStatisticSemaphore',
      'getStatisticPercent',
      'fleetSummary',
      'devicesByDatabase',
      'resourceSchema',
      'deviceData',
      'viewLog',
      'viewImage',
      'deviceCommands',
      'deviceCommandLog',
      'deviceControls',
      'deviceErrorLogs',
      'deviceReplicaStatus',
      'deviceReplicaOperations',
      // The platforms and models (the engine's, docs/resources.md "Mapped tables"); the older
      // names of their lists are aliases.
      'platformList',
      'platformModels',
      'platformsList',
      'platformsShow',
      'platformModelsList',
      'platformModelsShow',
      'getDBconfig',
      'cmdMdmLog',
      'enrolmentToken',
      // Push is always available in the device area (001 §6).
      'send push',
    ],
    mamRead,
  ),
  ...each(
    [
      'saveDevice',
      'createdevicelic',
      'deviceDelete',
      'setPendingDevices',
      'deviceDevicesApplication',
      'deleteHelpDeskForDEVICEID',
      'admemail',
      'admemailall',
      'send e-mail',
      'sendCommand',
      'cancelCommand',
      'setDataDevice',
      'setDataDeviceGPS',
      // Its `all` reads, but the console lists through platformList (mamRead).
      'admplatforms',
      'platformsEdit',
      'platformModelsCreate',
      'platformModelsEdit',
      'platformModelsDelete',
      'setDBconfig',
    ],
    mamWrite,
  ),
  // Project settings, groups (server/services/groups/): reading by the device area's show,
  // changing (admgroups' update and delete opers, checked in its handler) by its write.
  ['admgroups', mamRead],
  // The groups on the engine (docs/resources.md, "Mapped tables"): the same read and write.
  ...each(['groupsList', 'groupsShow'], mamRead),
  ...each(['groupsCreate', 'groupsEdit', 'groupsDelete'], mamWrite),
  // Project settings, files (server/project-files/): the device area, as the other tabs.
  ...each(['projectFiles', 'downloadProjectFile'], mamRead),
  ...each(['uploadProjectFile', 'deleteProjectFile'], mamWrite),
  // Update publishing (server/updates/): the device area, read and write.
  ...each(['updatesList', 'filesForUpdate', 'getVersionUpdate', 'downloadUpdateFile'], mamRead),
  ...each(
    [
      'uploadPublish',
      'uploadUpdateFile',
      'countUpdateTargets',
      'uploadConfirm',
      'markToDownloaded',
      'cleanUpdatesForMID',
      'resetUpdatesForMID',
    ],
    mamWrite,
  ),
  // Generated app frameworks (server/frameworks/): the frameworks area; generate, download and
  // publish are also checked in the generation's environment (requireEnvironmentRight), delete
  // by its menu node there.
  ...each(
    [
      'frameworksVersions',
      'frameworksContext',
      'generatedFrameworks',
      'projectFrameworks',
      'createQR',
      'frameworkGenerationsList',
      'frameworkGenerationsShow',
    ],
    gate('projects.frameworks', 'devices.mam'),
  ),
  ['generateFrameworks', gate('projects.frameworks.generate', 'devices.mam', 'write')],
  ['downloadFramework', gate('projects.frameworks.download', 'devices.mam', 'write')],
  // A build's icons (002 §7 "Icons"): read out of the build, as downloading it.
  ['icons', gate('projects.frameworks.download', 'devices.mam', 'write')],
  ['publishGeneration', gate('projects.frameworks.publish', 'devices.mam', 'write')],
  ['deleteGeneration', gate('projects.frameworks.delete', 'devices.mam', 'write')],
  // Reports and the SQL runner (server/services/reports/, server/sql-runner/): the device area;
  // the project's 'reports' and 'queries' nodes decide the rest.
  ...each(['reportsWithPages', 'reports', 'runReport', 'tablesData'], mamRead),
  ...each(['SaveReport', 'DeleteReport'], mamWrite),
  // The table browser and the record editor (server/tables/): the 'queries' node decides the rest.
  ...each(['tables', 'tablesColumns'], mamRead),
  ['updateTableData', mamWrite],
  // Selection rules (server/selection/): the 'queries' node decides the rest.
  ...each(
    [
      'selectionRules',
      'GetStandartStm',
      'GetAdvanceStm',
      'callDB',
      'callProvision',
      'checkProvisioning',
      'deviceDynamicSelected',
    ],
    mamRead,
  ),
  ...each(['UpdateAST', 'saveDynamicSelected'], mamWrite),
  // Device provisioning (server/provisioning/): the 'devices' node and its provisioning flags.
  ['deviceProvisionTask', mamRead],
  ['provisioningDevice', mamWrite],
  ...each(['admgroups update', 'admgroups delete', 'syncgroups', 'provigroup'], mamWrite),
  ...each(['dpc_emm_api', 'afw_emm_api'], mdmWrite),
  ...each(
    [
      'companyUsers',
      'companyUser',
      'loginAvailable',
      'createUser',
      'updateUser',
      'lockUser',
      'deleteUser',
      'usersList',
      'usersShow',
      'usersCreate',
      'usersEdit',
      'usersDelete',
      'allUsersList',
      'allUsersShow',
    ],
    users,
  ),
  // Organization and security (server/services/organization/, security/). Creating and deleting
  // a client is gated by its type's index (002 §6), checked by the handler under these names.
  ...each(
    ['companyData', 'sharedCompanies', 'certificates', 'certificatesList', 'certificatesShow'],
    gate('administration.company', 'administration.users'),
  ),
  ['modifyCompanyData', gate('administration.company.save', 'administration.users', 'write')],
  ...each(
    ['uploadCertificate', 'shareCertificate', 'certificatesEdit'],
    gate('administration.company.upload', 'administration.users', 'write'),
  ),
  ...each(
    ['deleteCertificate', 'certificatesDelete'],
    gate('administration.company.deleteCertificate', 'administration.users', 'write'),
  ),
  ...each(
    ['clients', 'identityClientsList', 'identityClientsShow'],
    gate('projects.security', 'administration.users'),
  ),
  ['createClient api', gate('projects.security.createApi', 'administration.users', 'write')],
  ['createClient login', gate('projects.security.createLogin', 'administration.users', 'write')],
  ['deleteClient api', gate('projects.security.deleteApi', 'administration.users', 'write')],
  ['deleteClient login', gate('projects.security.deleteLogin', 'administration.users', 'write')],
  ['actionsLog', gate('administration', 'administration.actions')],
  // Organization and security (/app/organization, /app/security, 002 §6 indices). Creating and
  // deleting a client is checked in its handler by the client's type, under these two names.
  ...each(
    ['companyData', 'sharedCompanies', 'certificates', 'certificatesList', 'certificatesShow'],
    company,
  ),
  ['modifyCompanyData', gate('administration.company.save', 'administration', 'write')],
  ...each(
    ['uploadCertificate', 'shareCertificate', 'certificatesEdit'],
    gate('administration.company.upload', 'administration', 'write'),
  ),
  ...each(
    ['deleteCertificate', 'certificatesDelete'],
    gate('administration.company.deleteCertificate', 'administration', 'write'),
  ),
  ...each(
    ['clients', 'identityClientsList', 'identityClientsShow'],
    gate('projects.security', 'administration'),
  ),
  ['createClient api', gate('projects.security.createApi', 'administration', 'write')],
  ['createClient login', gate('projects.security.createLogin', 'administration', 'write')],
  ['deleteClient api', gate('projects.security.deleteApi', 'administration', 'write')],
  ['deleteClient login', gate('projects.security.deleteLogin', 'administration', 'write')],
  ['serverLog', gate('administration', 'administration.actions')],
  // The specification's calls that were not ours (server/services/spec-calls/).
  ...each(
    ['environmentsByCompany', 'environmentsWithProject', 'environmentsByEnterprise'],
    environments,
  ),
  ...each(['environmentUsers', 'getAvailableUsers'], users),
  ...each(['getDatabaseId', 'numberOfProjects'], projectList),
  ['getUniqueName', gate('projects.security', 'administration')],
]);

/**
 * Operations that are no area of the menu, on purpose: what every signed-in person does with
 * their own session, and the administrators' own screens (administrators are never gated).
 */
export const UNGATED_OPERATIONS: readonly string[] = [
  // One's own session, menu, saved screen, notifications, profile and plan.
  ...OPEN_TO_INACTIVE_COMPANY,
  'companies',
  'updateCompanyState',
  'createCompany',
  'updateCompany',
  'toolPasswordMail',
  'toolPurgeDeleted',
  'toolClearHelpdesk',
  'resourceOverrides',
  'resourceOverride',
  'resourceOverrideHistory',
  'saveResourceOverride',
  'revertResourceOverride',
  'effectiveOverrides',
  // Gated in their hook by the client's type ('createClient api', … above), as
  // identityClientsCreate and identityClientsDelete (the engine's names, below).
  'createClient',
  'deleteClient',
  'userAccess',
  'saveUserAccess',
  'userProjectAccess',
  'saveUserProjectAccess',
  // The resource engine's operations: gated by the permissions their definitions declare (and
  // those of an area of the menu, the environments', by its gate above).
  ...ENGINE_OPERATION_NAMES.filter((name) => !Object.hasOwn(OPERATION_GATES, name)),
  // The top administrator's framework versions (server/frameworks/).
  'frameworkVersionUpdate',
  'devFrameworksGet',
  'devFrameworksSave',
  'devFrameworksRemove',
  'uploadFrameworkTemplate',
  // Other names of operations (server/services/spec-calls/aliases.ts): gated as their targets.
  'deviceUpdate',
  'getFile',
  'admservices',
  'kioskDevices',
  'kioskProfiles',
  'getAccessCloud',
  'getLicences',
  'deleteExtraFiles',
  // Calls that run operations of ours (spec-calls/delegate.ts): each target's permission and
  // menu gate is checked as /api/services checks it.
  'updateAccess',
  'userProjects',
  'generateAccessProjects',
  'admusers',
  'createUserInAdmin',
  'models',
  'allProjectsFromStudio',
  // What this server is: its version, host flavour and premium kiosk id.
  'version',
  'hostType',
  'kioskId',
  // One's own messages to the administrators, and where to sign in and reach the server.
  'sendMessage',
  'emmEnabled',
  'config',
  'kioskServer',
  'logRecorderUrl',
  'directDownloadUrl',
  // The simple kiosk's APKs, by role as the kiosk-apps entity they belong to (docs/kiosk.md).
  'kioskUploadApk',
  'kioskDownloadApk',
  // The premium kiosk's commands to its devices: administrators', as its entities' writes.
  'dpc_emm_api_cmd',
  // Bots: company administrators' (server/bots/), as the bots entity's writes.
  'botsRun',
  'botsSecret',
  'botRuns',
  // The Android enterprise signup (server/mdm/): administrators', as the organizations' writes.
  'mdmAndroidSignup',
  'mdmAndroidComplete',
  // Managed devices' approval and the enrolment tokens' QR and files (server/mdm/devices.ts).
  'mdmSetPendingDevices',
  'mdmEnrolmentDetails',
  // The MDM dashboard's figures: every company user, as the managed devices' list.
  'mdmDashboard',
  // The APNs certificate's upload (server/mdm/apns.ts): administrators', as the organizations'.
  'mdmApnsUpload',
  // The kiosk policies (server/mdm/kiosk.ts): read by every user, written by administrators
  // through the policies' engine operations, as the policies.
  'mdmKioskList',
  'mdmKioskShow',
  'mdmKioskEdit',
  'mdmKioskCreate',
];
