import type { Migration } from 'kysely';
import * as core from './20261122_0001_core';
import * as pgTrgm from './20261122_0002_pg_trgm';
import * as devicesDirectory from './20261122_0003_devices_directory';
import * as projectsSharing from './20261122_0004_projects_sharing';
import * as btreeGin from './20261122_0005_btree_gin';
import * as signinLimits from './20261123_0006_signin_limits';
import * as nodeHeartbeats from './20261125_0008_node_heartbeats';
import * as resourceOverrides from './20261125_0009_resource_overrides';
import * as fileStore from './20261125_0010_file_store';
import * as companyUsers from './20261125_0011_company_users';
import * as notificationKeys from './20261125_0012_notification_keys';
import * as adminLogs from './20261125_0013_admin_logs';
import * as userAccess from './20261125_0014_user_access';
import * as directoryOnlineByProject from './20261125_0016_directory_online_by_project';
import * as directoryLastSeen from './20261129_0017_directory_last_seen';
import * as organization from './20261125_0015_organization';
import * as commandQueue from './20261129_0018_command_queue';
import * as revisions from './20261129_0019_revisions';
import * as resourcesManagedApps20 from './20261129_0020_resources_managed_apps';
import * as resourcesManagedApps21 from './20261129_0021_resources_managed_apps';
import * as customEntities from './20261129_0022_custom_entities';
import * as clientProjects from './20261129_0030_client_projects';
import * as resourcesKioskAppsKioskConfig25 from './20261129_0025_resources_kiosk_apps_kiosk_config';
import * as resourcesMdmPoliciesMdmPolicyVersions35 from './20261129_0035_resources_mdm_policies_mdm_policy_versions';
import * as resourcesBots44 from './20261129_0044_resources_bots';
import * as botRuns from './20261129_0045_bot_runs';
import * as resourcesBotsKioskAppsKioskConfigMore46 from './20261129_0046_resources_bots_kiosk_apps_kiosk_config_more';
import * as resourcesKioskAppsManagedAppsMdmPoliciesMore47 from './20261129_0047_resources_kiosk_apps_managed_apps_mdm_policies_more';
import * as environmentsEngine from './20261129_0050_environments_engine';
import * as resourcesMdmOrganizations51 from './20261129_0051_resources_mdm_organizations';
import * as boundClientsCascade from './20261129_0052_bound_clients_cascade';
import * as resourcesKioskPremium60 from './20261129_0060_resources_kiosk_premium';
import * as resourcesFrameworkGenerationsFrameworkVersions65 from './20261129_0065_resources_framework_generations_framework_versions';
import * as resourcesMdmDevicesMdmEnrolmentTokens70 from './20261129_0070_resources_mdm_devices_mdm_enrolment_tokens';
import * as usersCustom72 from './20261129_0072_users_custom';
import * as resourcesMdmUsersMdmRoles85 from './20261129_0085_resources_mdm_users_mdm_roles';
import * as resourcesBots95 from './20261129_0095_resources_bots';
import * as kioskDevicesGuidSort110 from './20261129_0110_kiosk_devices_guid_sort';
import * as mdmDevicesMid115 from './20261129_0115_mdm_devices_mid';
import * as mdmDevicesDashboard130 from './20261130_0130_mdm_devices_dashboard';
import * as resourcesMdmRoles135 from './20261130_0135_resources_mdm_roles';
import * as kioskDevicesProfileFilter140 from './20261130_0140_kiosk_devices_profile_filter';
import * as identityClientsEngine150 from './20261130_0150_identity_clients_engine';
import * as certificatesEngine160 from './20261130_0160_certificates_engine';
import * as resourcesMdmAssignmentsMdmDevices165 from './20261130_0165_resources_mdm_assignments_mdm_devices';
import * as mdmRoleGroups175 from './20261130_0175_mdm_role_groups';
import * as usersEngine180 from './20261130_0180_users_engine';
import * as sessionNotify200 from './20261130_0200_session_notify';
import * as resourcesMdmEnrolmentTokens201 from './20261130_0201_resources_mdm_enrolment_tokens';

/** Every core migration, by its timestamped name; a new one is added at the end. */
export const coreMigrations: Record<string, Migration> = {
  '20261122_0001_core': core,
  '20261122_0002_pg_trgm': pgTrgm,
  '20261122_0003_devices_directory': devicesDirectory,
  '20261122_0004_projects_sharing': projectsSharing,
  '20261122_0005_btree_gin': btreeGin,
  '20261123_0006_signin_limits': signinLimits,
  '20261125_0008_node_heartbeats': nodeHeartbeats,
  '20261125_0009_resource_overrides': resourceOverrides,
  '20261125_0010_file_store': fileStore,
  '20261125_0011_company_users': companyUsers,
  '20261125_0012_notification_keys': notificationKeys,
  '20261125_0013_admin_logs': adminLogs,
  '20261125_0014_user_access': userAccess,
  '20261125_0015_organization': organization,
  '20261125_0016_directory_online_by_project': directoryOnlineByProject,
  '20261129_0017_directory_last_seen': directoryLastSeen,
  '20261129_0018_command_queue': commandQueue,
  '20261129_0019_revisions': revisions,
  '20261129_0020_resources_managed_apps': resourcesManagedApps20,
  '20261129_0021_resources_managed_apps': resourcesManagedApps21,
  '20261129_0022_custom_entities': customEntities,
  '20261129_0030_client_projects': clientProjects,
  '20261129_0025_resources_kiosk_apps_kiosk_config': resourcesKioskAppsKioskConfig25,
  '20261129_0035_resources_mdm_policies_mdm_policy_versions':
    resourcesMdmPoliciesMdmPolicyVersions35,
  '20261129_0044_resources_bots': resourcesBots44,
  '20261129_0045_bot_runs': botRuns,
  '20261129_0046_resources_bots_kiosk_apps_kiosk_config_more':
    resourcesBotsKioskAppsKioskConfigMore46,
  '20261129_0047_resources_kiosk_apps_managed_apps_mdm_policies_more':
    resourcesKioskAppsManagedAppsMdmPoliciesMore47,
  '20261129_0050_environments_engine': environmentsEngine,
  '20261129_0051_resources_mdm_organizations': resourcesMdmOrganizations51,
  '20261129_0052_bound_clients_cascade': boundClientsCascade,
  '20261129_0060_resources_kiosk_premium': resourcesKioskPremium60,
  '20261129_0065_resources_framework_generations_framework_versions':
    resourcesFrameworkGenerationsFrameworkVersions65,
  '20261129_0070_resources_mdm_devices_mdm_enrolment_tokens':
    resourcesMdmDevicesMdmEnrolmentTokens70,
  '20261129_0072_users_custom': usersCustom72,
  '20261129_0085_resources_mdm_users_mdm_roles': resourcesMdmUsersMdmRoles85,
  '20261129_0095_resources_bots': resourcesBots95,
  '20261129_0110_kiosk_devices_guid_sort': kioskDevicesGuidSort110,
  '20261129_0115_mdm_devices_mid': mdmDevicesMid115,
  '20261130_0130_mdm_devices_dashboard': mdmDevicesDashboard130,
  '20261130_0135_resources_mdm_roles': resourcesMdmRoles135,
  '20261130_0140_kiosk_devices_profile_filter': kioskDevicesProfileFilter140,
  '20261130_0150_identity_clients_engine': identityClientsEngine150,
  '20261130_0160_certificates_engine': certificatesEngine160,
  '20261130_0165_resources_mdm_assignments_mdm_devices': resourcesMdmAssignmentsMdmDevices165,
  '20261130_0175_mdm_role_groups': mdmRoleGroups175,
  '20261130_0180_users_engine': usersEngine180,
  '20261130_0200_session_notify': sessionNotify200,
  '20261130_0201_resources_mdm_enrolment_tokens': resourcesMdmEnrolmentTokens201,
};
