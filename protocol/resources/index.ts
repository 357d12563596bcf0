import { FRAMEWORK_GENERATIONS } from './framework-generations';
import { FRAMEWORK_VERSIONS } from './framework-versions';
import type { ResourceDefinition } from '../resource-definition';
import { ACTIONS } from './actions';
import { COMPANIES } from './companies';
import { COMPANY_MANAGEMENT } from './company-management';
import { ALL_USERS } from './all-users';
import { SERVER_LOG } from './server-log';
import { ENVIRONMENTS } from './environments';
import { NOTIFICATIONS } from './notifications';
import { USERS } from './users';
import { COMMAND_HISTORY } from './command-history';
import { DEVICE_ERRORS } from './device-errors';
import { DEVICE_REPLICA } from './device-replica';
import { HELPDESK_FILES } from './helpdesk-files';
import { DEVICE_LIST } from './devices';
import { DEVICE_SEARCH } from './device-search';
import { RECENT_PROJECTS } from './recent-projects';
import { SHARED_PROJECTS } from './shared-projects';
import { CERTIFICATES } from './certificates';
import { IDENTITY_CLIENTS } from './identity-clients';
import { PLATFORMS_RESOURCE } from './platforms';
import { PLATFORM_MODELS } from './platform-models';
import { REPLICATOR_SETTINGS_RESOURCE } from './replicator-settings';
import { ORGANIZATION } from './organization';
import { SHARED_COMPANIES } from './shared-companies';
import { GROUPS } from './groups';
import { GROUP_DEVICES } from './group-devices';
import { GROUP_PICKER } from './group-picker';
import { PROJECT_FILES } from './project-files';
import { TABLE_COLUMNS } from './table-columns';
import { PROVISIONING_CRITERIA } from './provisioning-criteria';
import { PROVISION_LOG, PROVISION_TASKS } from './provision-tasks';
import { BOT_RUNS } from './bot-runs';
import { BOTS } from './bots';
import { MANAGED_APPS } from './managed-apps';
import { CUSTOM_ENTITIES } from './custom-entities';
import { CUSTOM_FIELDS } from './custom-fields';
import { KIOSK_APPS } from './kiosk-apps';
import { KIOSK_CONFIG } from './kiosk-config';
import { KIOSK_PREMIUM } from './kiosk-premium';
import { KIOSK_PROFILES } from './kiosk-profiles';
import { KIOSK_WIFIS } from './kiosk-wifis';
import { KIOSK_PROFILE_APPS, KIOSK_PROFILE_WIFIS } from './kiosk-profile-links';
import { KIOSK_DEVICES } from './kiosk-devices';
import { KIOSK_APP_INFO, KIOSK_DEVICE_APPS } from './kiosk-app-info';
import { MDM_ORGANIZATIONS } from './mdm-organizations';
import { MDM_POLICIES } from './mdm-policies';
import { MDM_POLICY_VERSIONS } from './mdm-policy-versions';
import { MDM_ENROLMENT_TOKENS } from './mdm-enrolment-tokens';
import {
  MDM_DEVICES,
  MDM_IOS_DEVICES,
  MDM_KIOSK_DEVICES,
  MDM_PENDING_DEVICES,
} from './mdm-devices';
import { MDM_USERS } from './mdm-users';
import { MDM_ROLES } from './mdm-roles';
import { MDM_ASSIGNMENTS } from './mdm-assignments';
import { MDM_KIOSK } from './mdm-kiosk';
import { MDM_DEVICE_COMPLIANCE } from './mdm-device-compliance';
import { withRevisions } from './revisions';

/**
 * Every declared resource by name (docs/resources.md): the console mounts each at its path, the
 * REST API serves each at /api/rest/<name>, the OpenAPI document describes each. A new entity
 * adds its definition file here.
 */
export const RESOURCE_DEFINITIONS: Readonly<Record<string, ResourceDefinition>> =
  Object.fromEntries(
    // The change history of the resources the engine stores comes last (protocol/resources/revisions.ts).
    withRevisions([
      COMPANIES,
      ACTIONS,
      ENVIRONMENTS,
      NOTIFICATIONS,
      USERS,
      COMPANY_MANAGEMENT,
      ALL_USERS,
      SERVER_LOG,
      COMMAND_HISTORY,
      DEVICE_ERRORS,
      DEVICE_REPLICA,
      HELPDESK_FILES,
      PROVISION_TASKS,
      PROVISION_LOG,
      DEVICE_LIST,
      DEVICE_SEARCH,
      RECENT_PROJECTS,
      SHARED_PROJECTS,
      ORGANIZATION,
      SHARED_COMPANIES,
      CERTIFICATES,
      IDENTITY_CLIENTS,
      PLATFORMS_RESOURCE,
      PLATFORM_MODELS,
      REPLICATOR_SETTINGS_RESOURCE,
      GROUPS,
      GROUP_PICKER,
      GROUP_DEVICES,
      PROJECT_FILES,
      TABLE_COLUMNS,
      PROVISIONING_CRITERIA,
      MANAGED_APPS,
      CUSTOM_ENTITIES,
      CUSTOM_FIELDS,
      KIOSK_APPS,
      KIOSK_CONFIG,
      KIOSK_PREMIUM,
      KIOSK_PROFILES,
      KIOSK_WIFIS,
      KIOSK_PROFILE_APPS,
      KIOSK_PROFILE_WIFIS,
      KIOSK_DEVICES,
      KIOSK_APP_INFO,
      KIOSK_DEVICE_APPS,
      MDM_ORGANIZATIONS,
      MDM_POLICIES,
      MDM_POLICY_VERSIONS,
      MDM_ASSIGNMENTS,
      MDM_ENROLMENT_TOKENS,
      MDM_USERS,
      MDM_DEVICES,
      MDM_KIOSK_DEVICES,
      MDM_IOS_DEVICES,
      MDM_PENDING_DEVICES,
      MDM_KIOSK,
      MDM_DEVICE_COMPLIANCE,
      MDM_ROLES,
      BOTS,
      BOT_RUNS,
      FRAMEWORK_VERSIONS,
      FRAMEWORK_GENERATIONS,
    ]).map((definition) => [definition.name, definition]),
  );

export function resourceDefinition(name: string): ResourceDefinition | undefined {
  return Object.hasOwn(RESOURCE_DEFINITIONS, name) ? RESOURCE_DEFINITIONS[name] : undefined;
}
