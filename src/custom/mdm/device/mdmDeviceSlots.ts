import type { ResourceSlots } from '../../../resources/slots';
import { PATHS } from '../../../paths';

/** Every list of managed devices: a row opens the device's page (`/app/mdmadminedit?device=`). */
export const MDM_DEVICE_SLOTS: ResourceSlots = {
  rowAddress: (record) => `${PATHS.mdmadminedit}?device=${record.id}`,
};
