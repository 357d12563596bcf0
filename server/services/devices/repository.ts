import type { Selectable } from 'kysely';
import type { DeviceTable, ProjectDb } from '../../db/project-schema';
import { languageOf, type Language } from '../../messages';
import { firstOf, type Reader } from '../area-texts';
import type { ProjectAccess } from '../projects/access';
import { deviceRefusal, deviceText } from './texts';

export type DeviceRow = Selectable<DeviceTable>;

/** A device addressed by its ID or its MID. */
export type DeviceKey = { ID: number } | { MID: string };

/** A device as a refusal names it: by ID, MID, or the PIN (and PIN2) the help desk sends. */
export type DeviceName = DeviceKey | { PIN: string; PIN2?: string | null };

/** How a refusal names the device it looked for: "con MID …", "con PIN … y PIN2 …". */
export function describeDevice(language: Language, key: DeviceName): string {
  if ('ID' in key) return deviceText(language, 'withId', { id: key.ID });
  if ('MID' in key) return deviceText(language, 'withMid', { mid: key.MID });
  const pins = { pin: key.PIN, pin2: key.PIN2 ?? '' };
  return deviceText(language, key.PIN2 ? 'withPins' : 'withPin', pins);
}

/** The refusal that the project has no such device. */
export function deviceNotFound(reader: Reader, project: ProjectAccess, key: DeviceName) {
  const device = describeDevice(languageOf(reader.language), key);
  return deviceRefusal(reader, 'deviceNotFound', { device, project: project.name });
}

/**
 * The device of this project, or a refusal. Devices live in their project's schema, so a device
 * of another project (or company) is simply not found here, and the answer says so.
 */
export async function requireDevice(
  pdb: ProjectDb,
  project: ProjectAccess,
  key: DeviceKey,
  reader: Reader,
  lock = false,
) {
  let query = pdb.selectFrom('devices').selectAll();
  query = 'ID' in key ? query.where('ID', '=', key.ID) : query.where('MID', '=', key.MID);
  if (lock) query = query.forUpdate();
  const device = await query.executeTakeFirst();
  if (!device) throw deviceNotFound(reader, project, key);
  return device;
}

/** Every listed ID must be a device of this project; otherwise nothing is done and the first missing are named. */
export async function requireDevicesById(
  pdb: ProjectDb,
  project: ProjectAccess,
  ids: number[],
  reader: Reader,
) {
  const unique = [...new Set(ids)];
  const found = await pdb
    .selectFrom('devices')
    .select(['ID', 'MID'])
    .where('ID', 'in', unique)
    .forUpdate()
    .execute();
  if (found.length !== unique.length) {
    const known = new Set(found.map((device) => device.ID));
    const missing = unique.filter((id) => !known.has(id));
    const vars = { project: project.name, ids: firstOf(missing) };
    throw deviceRefusal(reader, 'devicesNotFoundById', vars);
  }
  return found;
}

export async function requireDevicesByMid(
  pdb: ProjectDb,
  project: ProjectAccess,
  mids: string[],
  reader: Reader,
) {
  const unique = [...new Set(mids)];
  const found = await pdb
    .selectFrom('devices')
    .select(['ID', 'MID'])
    .where('MID', 'in', unique)
    .forUpdate()
    .execute();
  if (found.length !== unique.length) {
    const known = new Set(found.map((device) => device.MID));
    const missing = unique.filter((mid) => !known.has(mid));
    const vars = { project: project.name, mids: firstOf(missing) };
    throw deviceRefusal(reader, 'devicesNotFoundByMid', vars);
  }
  return found;
}
