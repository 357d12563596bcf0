import { z } from 'zod';
import { recordAction } from '../../actions-log';
import { isLicensed, isReadyForLicence } from '../../../protocol/devices';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { licenceCode, lockedLicences } from '../projects/licence-pool';
import { deviceIdSchema, midSchema } from './fields';
import { requireDevice } from './repository';
import { deviceRefusal } from './texts';

/**
 * Gives a device a licence of its project (createDeviceLic). The device must be ready (application
 * and user assigned, 001 §4) and the project must have a free licence; a licensed device keeps
 * its code. The project row is locked so that two requests cannot both take the last licence.
 */
export const createdevicelic = defineProjectOperation({
  name: 'createdevicelic',
  parameter: z.object({ database: databaseSchema, device: z.object({ ID: deviceIdSchema }) }),
  node: 'devices.modify',
  mode: 'write',
  async handler({ device: { ID } }, ctx, project) {
    const { db, user } = ctx;
    return db.transaction().execute(async (trx) => {
      const pdb = project.db(trx);
      const { licences, used } = await lockedLicences(trx, pdb, project.numero);
      const device = await requireDevice(pdb, project, { ID }, user, true);
      if (isLicensed(device)) return device;
      if (!isReadyForLicence(device)) {
        throw deviceRefusal(user, 'notReadyForLicence', { mid: device.MID });
      }
      if (used >= licences) {
        throw deviceRefusal(user, 'noFreeLicences', { project: project.name, used, licences });
      }
      const licensed = await pdb
        .updateTable('devices')
        .set({ LIC: licenceCode() })
        .where('ID', '=', ID)
        .returningAll()
        .executeTakeFirstOrThrow();
      const detail = { project: project.name, database: project.numero, mid: device.MID };
      await recordAction(ctx, 'device_licensed', detail, trx);
      return licensed;
    });
  },
});

/**
 * Assigns the application user (and optionally the application) of a device, by MID
 * (saveDevicesApplication(MID, newUserID)). The console confirms first when the device is
 * licensed and ready; the licence stays with the device.
 */
export const deviceDevicesApplication = defineProjectOperation({
  name: 'deviceDevicesApplication',
  parameter: z.object({
    database: databaseSchema,
    MID: midSchema,
    newUserID: deviceIdSchema.nullable(),
    newApplicationID: deviceIdSchema.nullable().optional(),
  }),
  node: 'devices.modify',
  mode: 'write',
  async handler({ MID, newUserID, newApplicationID }, ctx, project) {
    const { db, user } = ctx;
    return db.transaction().execute(async (trx) => {
      const pdb = project.db(trx);
      const device = await requireDevice(pdb, project, { MID }, user, true);
      let username: string | null = null;
      if (newUserID !== null) {
        const appUser = await pdb
          .selectFrom('app_users')
          .select('NAME')
          .where('ID', '=', newUserID)
          .executeTakeFirst();
        if (!appUser) {
          throw deviceRefusal(user, 'userNotFound', { id: newUserID, project: project.name });
        }
        username = appUser.NAME;
      }
      if (newApplicationID) {
        const application = await pdb
          .selectFrom('applications')
          .select('ID')
          .where('ID', '=', newApplicationID)
          .executeTakeFirst();
        if (!application) {
          const vars = { id: newApplicationID, project: project.name };
          throw deviceRefusal(user, 'applicationNotFound', vars);
        }
      }
      const detail = { project: project.name, database: project.numero, mid: device.MID };
      await recordAction(ctx, 'device_assigned', { ...detail, user: username }, trx);
      return pdb
        .updateTable('devices')
        .set({
          IDUSER: newUserID,
          USERNAME: username,
          ...(newApplicationID !== undefined ? { IDAPPLICATION: newApplicationID } : {}),
        })
        .where('ID', '=', device.ID)
        .returning(['ID', 'MID', 'IDAPPLICATION', 'IDUSER', 'USERNAME', 'LIC'])
        .executeTakeFirstOrThrow();
    });
  },
});
