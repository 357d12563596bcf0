import type { RaRecord } from 'react-admin';
import { deviceListAddress, oneDeviceFilter } from '../../../protocol/fleet';
import { DEVICE_PARAM } from '../devices/deviceParam';

/** A global search row: the device's project and its ID and MID there. */
export interface FoundDevice {
  database: number;
  ID: number;
  MID: string;
}

/**
 * Where a global search result is worked on (issue 33, point 14): the device list of its
 * project (which becomes the current one), narrowed to the device, with its dialog open.
 */
export function foundDeviceAddress(record: RaRecord): string {
  const { database, ID, MID } = record as unknown as FoundDevice;
  return `${deviceListAddress(database, oneDeviceFilter(MID))}&${DEVICE_PARAM}=${ID}`;
}
