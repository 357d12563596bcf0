import { createElement } from 'react';
import type { ResourceSlots } from '../../../resources/slots';
import { GroupEditor } from './GroupEditor';
import { GroupsIntro } from './GroupsIntro';
import { PickDeviceBox } from './PickDeviceBox';
import { PlatformFilter } from './PlatformFilter';
import { RemoveDeviceButton } from './RemoveDeviceButton';
import { ProvisionGroupButton } from './ProvisionGroupButton';
import { SyncGroupsButton } from './SyncGroupsButton';

/** The groups list's own parts (src/resources/slots.ts). */
export const GROUP_SLOTS: ResourceSlots = {
  editor: GroupEditor,
  toolbar: SyncGroupsButton,
  rowActions: ProvisionGroupButton,
  header: GroupsIntro,
  empty: false,
};

/** The device picker's (group-picker): a tick per row, and the platform beside its toolbar. */
export const GROUP_PICKER_SLOTS: ResourceSlots = {
  rowActions: PickDeviceBox,
  filters: [createElement(PlatformFilter, { key: 'platform', source: 'platform', alwaysOn: true })],
};

/** The group's devices' (group-devices): a remove button per row. */
export const GROUP_DEVICES_SLOTS: ResourceSlots = { rowActions: RemoveDeviceButton };
