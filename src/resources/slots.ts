import type { ComponentType, ReactElement } from 'react';
import type { RaRecord } from 'react-admin';
import { PATHS } from '../paths';
import { CompanyStateButton } from './companies/CompanyStateButton';
import { EnvironmentRowActions } from '../custom/environments/EnvironmentRowActions';
import { EnvironmentsHeader } from '../custom/environments/EnvironmentsHeader';
import { HelpdeskFileActions } from './devices/remote/HelpdeskFileActions';
import { DEVICE_LIST_SLOTS } from './devices/deviceSlots';
import { UserLockButton } from './users/UserLockButton';
import { UserAccessCard } from './users/access/UserAccessCard';
import { DeviceSearchHeader } from './search/DeviceSearchHeader';
import { DeviceSearchOpen } from './search/DeviceSearchOpen';
import { foundDeviceAddress } from './search/openedDevice';
import { PROJECT_LIST_SLOTS } from '../custom/projects/projectSlots';
import { CertificateUploadButton } from '../custom/organization/CertificateUploadButton';
import { ClientEditor } from '../custom/security/ClientEditor';
import { SecurityHeader } from '../custom/security/SecurityHeader';
import { PROJECT_FILE_SLOTS } from '../custom/settings/files/projectFileSlots';
import {
  GROUP_DEVICES_SLOTS,
  GROUP_PICKER_SLOTS,
  GROUP_SLOTS,
} from '../custom/settings/groups/groupSlots';
import { ReplicatorSettingDialog } from '../custom/settings/replicator/ReplicatorSettingDialog';
import { KIOSK_SLOTS } from '../custom/kiosk/kioskSlots';
import { BotRowActions } from '../custom/bots/BotRowActions';
import { OrganizationsHeader } from '../custom/mdm/OrganizationsHeader';
import { PendingSignupRedirect } from '../custom/mdm/PendingSignupRedirect';

/** What a slot rendered around the list gets: the project of a project resource. */
export interface ListSlotProps {
  database?: number | null;
}

/** What a selection menu gets: where the row was right-clicked; null when closed. */
export interface SelectionMenuProps {
  position: { top: number; left: number } | null;
  onClose(): void;
}

/** What an editor gets: the row to edit, 'create' for a new one, null when closed. */
export interface EditorProps extends ListSlotProps {
  target: RaRecord | 'create' | null;
  /** `saved`: something was saved while it was open, so the list is read again. */
  onClose(saved?: boolean): void;
}

/**
 * The hand-written parts a declared resource plugs into its generated screens, by resource
 * name. Slots reach their list through `useDefinitionListUi()` (src/resources/factory/listUi.ts)
 * and react-admin's list context. The factory (src/resources/factory) renders them where their slot is and knows no
 * resource by name.
 */
export interface ResourceSlots {
  /** Rendered in the last column of each row, in the row's record context. */
  rowActions?: ComponentType;
  /** Above the list, inside the list's context (gauges, a summary). */
  header?: ComponentType<ListSlotProps>;
  /** Extra buttons in the list's toolbar, after create, inside the list's context. */
  toolbar?: ComponentType<ListSlotProps>;
  /** Below the list, inside the list's context (a legend). */
  footer?: ComponentType<ListSlotProps>;
  /**
   * `false`: an empty list keeps its toolbar, filters and table (the device list, whose filters
   * and legend matter before the first device), instead of the generic empty page.
   */
  empty?: false;
  /** Filters always shown beside the search box; the list call must take them. */
  filters?: ReactElement[];
  /** The list's pagination, instead of react-admin's with the definition's page sizes. */
  pagination?: ComponentType;
  /** The buttons over selected rows, instead of the definition's bulk actions and delete. */
  bulkActions?: ComponentType<ListSlotProps>;
  /**
   * A menu of actions on the selection, instead of the row menu. As in a file manager, a
   * right-click (or the row's context-menu key) on a row outside the selection selects that row
   * alone, and a click leaves the row as it is: a double-click or Enter opens it.
   */
  selectionMenu?: ComponentType<SelectionMenuProps>;
  /**
   * The create and edit form (a dialog of its own, with tabs), instead of the generated dialog
   * or page; a caller allowed `show` but not `edit` opens rows in it too.
   */
  editor?: ComponentType<EditorProps>;
  /**
   * Below the edit page's form (`form: 'page'`), given the record: parts that save on their own
   * (a user's access trees).
   */
  pageFooter?: ComponentType<{ record: RaRecord }>;
  /**
   * Where a row opens, instead of its edit or view: the address of the screen where the record is
   * worked on (a global search result opens the device in its project's device list).
   */
  rowAddress?: (record: RaRecord) => string;
}

export const RESOURCE_SLOTS: Readonly<Record<string, ResourceSlots>> = {
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
  'project-files': PROJECT_FILE_SLOTS,
  'kiosk-apps': KIOSK_SLOTS,
  bots: { rowActions: BotRowActions },
};
