import type { SlotTable } from '../resources/slots';
import { PATHS } from '../paths';
import { CompanyStateButton } from './companies/CompanyStateButton';
import { EnvironmentRowActions } from './environments/EnvironmentRowActions';
import { EnvironmentsHeader } from './environments/EnvironmentsHeader';
import { HelpdeskFileActions } from './devices/remote/HelpdeskFileActions';
import { DEVICE_LIST_SLOTS } from './devices/deviceSlots';
import { UserLockButton } from './users/UserLockButton';
import { UserAccessCard } from './users/access/UserAccessCard';
import { DeviceSearchHeader } from './search/DeviceSearchHeader';
import { DeviceSearchOpen } from './search/DeviceSearchOpen';
import { foundDeviceAddress } from './search/openedDevice';
import { PROJECT_LIST_SLOTS } from './projects/projectSlots';
import { CertificateUploadButton } from './organization/CertificateUploadButton';
import { ClientEditor } from './security/ClientEditor';
import { SecurityHeader } from './security/SecurityHeader';
import { PROJECT_FILE_SLOTS } from './settings/files/projectFileSlots';
import { GROUP_DEVICES_SLOTS, GROUP_PICKER_SLOTS, GROUP_SLOTS } from './settings/groups/groupSlots';
import { ReplicatorSettingDialog } from './settings/replicator/ReplicatorSettingDialog';
import { KIOSK_SLOTS } from './kiosk/kioskSlots';
import { BotRowActions } from './bots/BotRowActions';
import { GenerationActions } from './frameworks/GenerationActions';
import { TemplateUpload } from './frameworks/TemplateUpload';
import { OrganizationsHeader } from './mdm/OrganizationsHeader';
import { PendingSignupRedirect } from './mdm/PendingSignupRedirect';
import { EnrolmentTokenActions } from './mdm/EnrolmentTokenActions';
import { MDM_DEVICE_SLOTS } from './mdm/device/mdmDeviceSlots';
import { UserDevicesLink } from './mdmdash/UserDevicesLink';
import { CustomEntityEditor } from './customEntities/CustomEntityEditor';
import { CustomFieldEditor } from './customEntities/CustomFieldEditor';
import { RestoreEntityButton } from './customEntities/RestoreEntityButton';

/**
 * The bespoke parts of declared resources, by resource name (src/resources/slots.ts says what each
 * slot is). The app shell loads this table with the first screen that lists a resource and hands
 * it to the factory (`ResourceSlotsProvider`): the factory knows no slot.
 */
export const RESOURCE_SLOTS: SlotTable = {
  companies: { rowActions: CompanyStateButton },
  environments: { rowActions: EnvironmentRowActions, header: EnvironmentsHeader },
  users: { rowActions: UserLockButton, pageFooter: UserAccessCard },
  'all-users': { rowActions: UserLockButton },
  'helpdesk-files': { rowActions: HelpdeskFileActions },
  devicelist: DEVICE_LIST_SLOTS,
  search: {
    rowActions: DeviceSearchOpen,
    header: DeviceSearchHeader,
    rowAddress: foundDeviceAddress,
  },
  ...PROJECT_LIST_SLOTS,
  certificates: { toolbar: CertificateUploadButton, empty: false },
  'identity-clients': { editor: ClientEditor, header: SecurityHeader, empty: false },
  groups: GROUP_SLOTS,
  'group-picker': GROUP_PICKER_SLOTS,
  'group-devices': GROUP_DEVICES_SLOTS,
  'replicator-settings': { editor: ReplicatorSettingDialog },
  // A policy opens in its editor (form, JSON, versions), not in the generated dialog; the list
  // lands on /app/mdmafw while the Android enterprise signup is pending.
  'mdm-policies': {
    rowAddress: (record) => `${PATHS.mdmpoliciesedit}?policyid=${record.id}`,
    header: PendingSignupRedirect,
  },
  // Where the Android enterprise is bound, and a warning while its signup is pending.
  'mdm-organizations': { header: OrganizationsHeader, empty: false },
  // A token's QR, link, iOS profile and Windows URL (docs/mdm.md "Enrolment").
  'mdm-enrolment-tokens': { rowActions: EnrolmentTokenActions },
  // A managed device's row opens its page, from every list of them (docs/mdm.md).
  'mdm-devices': MDM_DEVICE_SLOTS,
  'mdm-kiosk-devices': MDM_DEVICE_SLOTS,
  'mdm-ios-devices': MDM_DEVICE_SLOTS,
  'mdm-pending-devices': MDM_DEVICE_SLOTS,
  // An MDM user's devices: the managed-devices list filtered by them (docs/mdm.md).
  'mdm-users': { rowActions: UserDevicesLink },
  'project-files': PROJECT_FILE_SLOTS,
  'kiosk-apps': KIOSK_SLOTS,
  bots: { rowActions: BotRowActions },
  // A generation's download, publish, delete and QR; a version's template (docs/frameworks.md).
  'framework-generations': { rowActions: GenerationActions, empty: false },
  'framework-versions': { rowActions: TemplateUpload },
  // Custom entities and fields are made with forms, not JSON (issue 34, point 10).
  'custom-entities': { editor: CustomEntityEditor, rowActions: RestoreEntityButton },
  'custom-fields': { editor: CustomFieldEditor },
};
