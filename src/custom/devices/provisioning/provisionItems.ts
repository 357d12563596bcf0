import { FLAG_OF_KEY, type ProvisionKey } from '../../../../protocol/provisioning';
import type { DevicePermissions } from '../../../dataProvider';

/** An item of the provisioning submenu: a key for the selection, or the install mail to all. */
export type ProvisionItem = ProvisionKey | 'mailAll';

/** The submenu's order (001 §2): install, config, database, secure database, mails, deletion. */
const ORDER: ProvisionItem[] = [
  'provInstall',
  'provConfigaration',
  'provDatabase',
  'provDatabaseSafe',
  'provSendMailInstall',
  'mailAll',
  'provDeleteDatabaseSafe',
];

/** The items the caller may use (001 §6 flags) on `selected` devices; "to all" needs none. */
export function provisionItems(
  permissions: Partial<DevicePermissions>,
  selected: number,
): ProvisionItem[] {
  return ORDER.filter((item) => {
    const key: ProvisionKey = item === 'mailAll' ? 'provSendMailInstall' : item;
    if (!permissions[FLAG_OF_KEY[key]]) return false;
    return item === 'mailAll' || selected > 0;
  });
}
