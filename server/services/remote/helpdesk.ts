import { z } from 'zod';
import { recordAction } from '../../actions-log';
import { deleteDeviceFile, deleteDeviceFolder, HelpdeskPathError } from '../../helpdesk/store';
import { midSchema } from '../devices/fields';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import type { Reader } from '../area-texts';
import { helpdeskDevice, pinSchema } from './helpdesk-device';
import { helpdeskFileOfId } from './helpdesk-list';
import { remoteRefusal } from './texts';

export const helpdeskPathSchema = z.string().min(1).max(300);

/**
 * Runs a store call, turning a hostile or malformed path (not `<kind>/<name>` inside the
 * device's folder) into the caller's refusal.
 */
export async function withPath<T>(reader: Reader, path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof HelpdeskPathError) throw remoteRefusal(reader, 'badPath', { path });
    throw error;
  }
}

const byPath = z.object({ Path: helpdeskPathSchema, MID: midSchema.optional() }).strict();
const byPin = z
  .object({ PIN: pinSchema, PIN2: pinSchema.nullish(), MID: midSchema.optional() })
  .strict();

/**
 * `deleteHelpDeskForDEVICEID` {database, filter: {Path} | {PIN, PIN2}} (001 §7): `Path` (the
 * `fullpath` of a listed file) deletes that file of the device named by `mid` (or `filter.MID`);
 * `PIN`/`PIN2` name a device and delete all its help-desk files. `{database, id}` deletes the
 * file the declared list `helpdesk-files` keys as `id` (`<MID>/<fullpath>`).
 */
export const deleteHelpDeskForDEVICEID = defineProjectOperation({
  name: 'deleteHelpDeskForDEVICEID',
  parameter: z.object({
    database: databaseSchema,
    mid: midSchema.optional(),
    filter: z.union([byPath, byPin]).optional(),
    id: z.string().min(1).max(400).optional(),
  }),
  node: 'devices.modify',
  mode: 'write',
  async handler(parameter, ctx, project) {
    const { mid, filter } = byId(parameter, ctx.user) ?? parameter;
    if (!filter) throw remoteRefusal(ctx.user, 'deviceAddressRequired');
    if ('Path' in filter) {
      const device = await helpdeskDevice(ctx, project, { mid: filter.MID ?? mid });
      const deleted = await withPath(ctx.user, filter.Path, () =>
        deleteDeviceFile(device.files, filter.Path),
      );
      if (!deleted) throw remoteRefusal(ctx.user, 'fileNotFound', { path: filter.Path });
      ctx.log.info({ mid: device.MID, path: filter.Path }, 'help-desk file deleted');
      const detail = { project: project.name, database: project.numero, mid: device.MID };
      await recordAction(ctx, 'helpdesk_deleted', { ...detail, path: filter.Path });
      return { deleted: 1, MID: device.MID };
    }
    const device = await helpdeskDevice(ctx, project, {
      mid: filter.MID,
      pin: filter.PIN,
      pin2: filter.PIN2,
    });
    const deleted = await deleteDeviceFolder(device.files);
    ctx.log.info({ mid: device.MID, deleted }, 'help-desk files of a device deleted');
    const detail = { project: project.name, database: project.numero, mid: device.MID };
    await recordAction(ctx, 'helpdesk_deleted', { ...detail, files: deleted });
    return { deleted, MID: device.MID };
  },
});

/** The `mid` and `filter.Path` a list's key names; a key of another shape is refused. */
function byId({ id }: { id?: string }, reader: Reader) {
  if (id === undefined) return null;
  const file = helpdeskFileOfId(id);
  if (!file) throw remoteRefusal(reader, 'badPath', { path: id });
  return { mid: file.mid, filter: { Path: file.path, MID: file.mid } };
}
