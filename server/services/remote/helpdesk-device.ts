import { z } from 'zod';
import { deviceFolder } from '../../helpdesk/store';
import { midSchema } from '../devices/fields';
import type { ProjectAccess } from '../projects/access';
import { ServiceError, type OperationContext } from '../registry';

/** How the help-desk calls name a device: its MID, or its PIN (and PIN2) as 001 §7 sends them. */
export interface DeviceAddress {
  mid?: string | null;
  pin?: string | null;
  pin2?: string | null;
}

export const pinSchema = z.string().min(1).max(100);

/** The device the address names in this project, and its help-desk folder; refused otherwise. */
export async function helpdeskDevice(
  ctx: Pick<OperationContext, 'config'>,
  project: ProjectAccess,
  { mid, pin, pin2 }: DeviceAddress,
): Promise<{ ID: number; MID: string; folder: string }> {
  let query = project.db().selectFrom('devices').select(['ID', 'MID']);
  let described: string;
  if (mid) {
    if (!midSchema.safeParse(mid).success) {
      throw new ServiceError(
        `El dispositivo con MID ${mid} no existe en el proyecto ${project.numero}.`,
      );
    }
    query = query.where('MID', '=', mid);
    described = `con MID ${mid}`;
  } else if (pin) {
    query = query.where('PIN', '=', pin);
    if (pin2) query = query.where('PIN2', '=', pin2);
    described = `con PIN ${pin}${pin2 ? ` y PIN2 ${pin2}` : ''}`;
  } else {
    throw new ServiceError('Indique el dispositivo: su MID, o su PIN y PIN2.');
  }
  const found = await query.limit(2).execute();
  if (found.length === 0) {
    throw new ServiceError(
      `El dispositivo ${described} no existe en el proyecto ${project.numero}.`,
    );
  }
  if (found.length > 1) {
    throw new ServiceError(
      `Hay varios dispositivos ${described} en el proyecto ${project.numero}; indique su MID.`,
    );
  }
  const [device] = found;
  return { ...device, folder: deviceFolder(ctx.config.DATA_DIR, project.schema, device.MID) };
}
