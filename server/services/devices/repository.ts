import type { Selectable } from 'kysely';
import type { DeviceTable, ProjectDb } from '../../db/project-schema';
import { ServiceError } from '../registry';
import type { ProjectAccess } from '../projects/access';

export type DeviceRow = Selectable<DeviceTable>;

/** A device addressed by its ID or its MID. */
export type DeviceKey = { ID: number } | { MID: string };

function describe(key: DeviceKey): string {
  return 'ID' in key ? `con ID ${key.ID}` : `con MID ${key.MID}`;
}

/**
 * The device of this project, or a refusal. Devices live in their project's schema, so a device
 * of another project (or company) is simply not found here, and the answer says so.
 */
export async function requireDevice(
  pdb: ProjectDb,
  project: ProjectAccess,
  key: DeviceKey,
  lock = false,
) {
  let query = pdb.selectFrom('devices').selectAll();
  query = 'ID' in key ? query.where('ID', '=', key.ID) : query.where('MID', '=', key.MID);
  if (lock) query = query.forUpdate();
  const device = await query.executeTakeFirst();
  if (!device)
    throw new ServiceError(
      `El dispositivo ${describe(key)} no existe en el proyecto ${project.numero}.`,
    );
  return device;
}

/** Every listed ID must be a device of this project; otherwise nothing is done and the first missing are named. */
export async function requireDevicesById(pdb: ProjectDb, project: ProjectAccess, ids: number[]) {
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
    throw new ServiceError(
      `No existen en el proyecto ${project.numero} los dispositivos con ID ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '…' : ''}; no se ha cambiado nada.`,
    );
  }
  return found;
}

export async function requireDevicesByMid(pdb: ProjectDb, project: ProjectAccess, mids: string[]) {
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
    throw new ServiceError(
      `No existen en el proyecto ${project.numero} los dispositivos con MID ${missing.slice(0, 10).join(', ')}${missing.length > 10 ? '…' : ''}; no se ha cambiado nada.`,
    );
  }
  return found;
}
