import { z } from 'zod';
import { fileStore } from '../../files/index';
import { deviceFiles, type DeviceFiles } from '../../helpdesk/store';
import { languageOf } from '../../messages';
import { midSchema } from '../devices/fields';
import { describeDevice, deviceNotFound, type DeviceName } from '../devices/repository';
import { deviceRefusal } from '../devices/texts';
import type { ProjectAccess } from '../projects/access';
import type { OperationContext } from '../registry';
import { remoteRefusal } from './texts';

/** How the help-desk calls name a device: its MID, or its PIN (and PIN2) as 001 §7 sends them. */
export interface DeviceAddress {
  mid?: string | null;
  pin?: string | null;
  pin2?: string | null;
}

export const pinSchema = z.string().min(1).max(100);

/** The device the address names in this project, and its help-desk files; refused otherwise. */
export async function helpdeskDevice(
  { config, db, user }: Pick<OperationContext, 'config' | 'db' | 'user'>,
  project: ProjectAccess,
  { mid, pin, pin2 }: DeviceAddress,
): Promise<{ ID: number; MID: string; files: DeviceFiles }> {
  let query = project.db().selectFrom('devices').select(['ID', 'MID']);
  let key: DeviceName;
  if (mid) {
    if (!midSchema.safeParse(mid).success) throw deviceNotFound(user, project, { MID: mid });
    query = query.where('MID', '=', mid);
    key = { MID: mid };
  } else if (pin) {
    query = query.where('PIN', '=', pin);
    if (pin2) query = query.where('PIN2', '=', pin2);
    key = { PIN: pin, PIN2: pin2 };
  } else {
    throw remoteRefusal(user, 'deviceAddressRequired');
  }
  const found = await query.limit(2).execute();
  if (found.length === 0) throw deviceNotFound(user, project, key);
  if (found.length > 1) {
    const device = describeDevice(languageOf(user.language), key);
    throw deviceRefusal(user, 'severalDevices', { device, project: project.name });
  }
  const [device] = found;
  return { ...device, files: deviceFiles(fileStore(config, db), project.schema, device.MID) };
}
