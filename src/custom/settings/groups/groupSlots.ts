import type { ResourceSlots } from '../../../resources/slots';
import { GroupEditor } from './GroupEditor';
import { GroupsIntro } from './GroupsIntro';
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
