import { z } from 'zod';
import type { Kysely, Updateable } from 'kysely';
import type { DeviceTable, ProjectDb } from '../../db/project-schema';
import type { Database } from '../../db/schema';
import type { Reader } from '../area-texts';
import { databaseSchema, defineProjectOperation, type ProjectAccess } from '../projects/access';
import { DEVICE_LIST } from '../../../protocol/resources/devices';
import type { FieldSchema } from '../../../protocol/resource-schema';
import { declaredText } from '../../resources/record-parameter';
import { deviceIdSchema } from './fields';
import { requireDevice, type DeviceRow } from './repository';
import { deviceRefusal } from './texts';
import { isUniqueViolation } from '../../db/errors';
import { recordAction } from '../../actions-log';

/** The declared device fields (protocol/device-schema.ts), by their source. */
const DECLARED = new Map(DEVICE_LIST.fields.map((f) => [f.source, f]));

/**
 * A device field the dialog may send: absent keeps the value, null or '' clears it. It is checked
 * by its declaration and refused naming its label, as the form's inline check does (issue 17,
 * defect 1). The MID is required of a new device only, which the handler checks; the platform is
 * checked against the project's platforms, not the declared list.
 */
function declared(source: string, relax: Partial<FieldSchema> = {}) {
  const field = DECLARED.get(source);
  if (!field) throw new Error(`The device list declares no field ${source}`);
  return declaredText({ ...field, ...relax });
}

const deviceSchema = z.object({
  ID: deviceIdSchema.nullish(),
  MID: declared('MID', { required: false }),
  PIN: declared('PIN'),
  PIN2: declared('PIN2'),
  OWNER: declared('OWNER'),
  USERNAME: declared('USERNAME'),
  DEVICEGROUP: declared('DEVICEGROUP'),
  MODEL: declared('MODEL'),
  DEVICE_TYPE: declared('DEVICE_TYPE', { choices: null }),
  EMAIL: declared('EMAIL'),
  LIC: declared('LIC'),
  IMEI: declared('IMEI'),
  IDAPPLICATION: deviceIdSchema.nullable().optional(),
  IDUSER: deviceIdSchema.nullable().optional(),
});

type DeviceInput = z.infer<typeof deviceSchema>;
type DeviceChanges = Updateable<DeviceTable>;

const TEXT_FIELDS = [
  'PIN',
  'PIN2',
  'OWNER',
  'USERNAME',
  'DEVICEGROUP',
  'MODEL',
  'DEVICE_TYPE',
  'EMAIL',
  'LIC',
  'IMEI',
] as const;

function changesOf(input: DeviceInput): DeviceChanges {
  const changes: DeviceChanges = {};
  for (const name of TEXT_FIELDS) {
    const value = input[name];
    if (value !== undefined) changes[name] = value === '' ? null : value;
  }
  if (input.DEVICE_TYPE) changes.DEVICE_TYPE = input.DEVICE_TYPE.toUpperCase();
  if (input.IDAPPLICATION !== undefined) changes.IDAPPLICATION = input.IDAPPLICATION;
  if (input.IDUSER !== undefined) changes.IDUSER = input.IDUSER;
  return changes;
}

/** Checks what the change refers to: platform, application, user, and a unique IMEI and MID. */
async function checkReferences(
  reader: Reader,
  pdb: ProjectDb,
  core: Kysely<Database>,
  project: ProjectAccess,
  changes: DeviceChanges,
  current: DeviceRow | null,
  mid: string,
) {
  if (changes.DEVICE_TYPE) {
    const platform = await pdb
      .selectFrom('platforms')
      .select('ID')
      .where('PLATFORM', '=', changes.DEVICE_TYPE)
      .executeTakeFirst();
    if (!platform) {
      const vars = { platform: changes.DEVICE_TYPE, project: project.name };
      throw deviceRefusal(reader, 'platformNotFound', vars);
    }
  }
  if (changes.IDAPPLICATION != null) {
    const application = await pdb
      .selectFrom('applications')
      .select('ID')
      .where('ID', '=', changes.IDAPPLICATION)
      .executeTakeFirst();
    if (!application) {
      const vars = { id: changes.IDAPPLICATION, project: project.name };
      throw deviceRefusal(reader, 'applicationNotFound', vars);
    }
  }
  if (changes.IDUSER != null) {
    const appUser = await pdb
      .selectFrom('app_users')
      .select(['ID', 'NAME'])
      .where('ID', '=', changes.IDUSER)
      .executeTakeFirst();
    if (!appUser) {
      throw deviceRefusal(reader, 'userNotFound', { id: changes.IDUSER, project: project.name });
    }
    // The device's USERNAME shows the application user it is assigned to.
    changes.USERNAME = appUser.NAME;
  }
  if (changes.LIC != null && changes.LIC !== current?.LIC) {
    throw deviceRefusal(reader, 'licenceNotHere');
  }
  if (changes.IMEI) {
    let query = pdb.selectFrom('devices').select('ID').where('IMEI', '=', changes.IMEI);
    if (current) query = query.where('ID', '<>', current.ID);
    if (await query.executeTakeFirst()) {
      throw deviceRefusal(reader, 'duplicateImei', { imei: changes.IMEI });
    }
  }
  if (!current) {
    const sameMid = await pdb
      .selectFrom('devices')
      .select('ID')
      .where('MID', '=', mid)
      .executeTakeFirst();
    if (sameMid) throw deviceRefusal(reader, 'midUsed', { mid, project: project.name });
    const elsewhere = await core
      .selectFrom('core.device_directory')
      .select('numero')
      .where('mid', '=', mid)
      .where('numero', '<>', project.numero)
      .executeTakeFirst();
    if (elsewhere) throw deviceRefusal(reader, 'midElsewhere', { mid });
  }
}

/**
 * Creates a device (no ID) or changes one (001 §2 device edit dialog). A duplicate IMEI is
 * refused with its message and no result (001 §5); the MID of an existing device never changes.
 * The key may also come beside the device (`{database, ID, device}`), as the device list's
 * declared edit verb and the REST API send it.
 */
export const saveDevice = defineProjectOperation({
  name: 'saveDevice',
  parameter: z
    .object({ database: databaseSchema, ID: deviceIdSchema.optional(), device: deviceSchema })
    .transform(({ ID, device, ...rest }) => ({
      ...rest,
      device: ID === undefined ? device : { ...device, ID },
    })),
  node: ({ device }) => (device.ID ? 'devices.modify' : 'devices.add'),
  mode: 'write',
  async handler({ device }, ctx, project) {
    const { db, user } = ctx;
    const changes = changesOf(device);
    try {
      return await db.transaction().execute(async (trx) => {
        const pdb = project.db(trx);
        const current = device.ID
          ? await requireDevice(pdb, project, { ID: device.ID }, user, true)
          : null;
        if (current && device.MID !== undefined && device.MID !== current.MID) {
          throw deviceRefusal(user, 'midUnchangeable', { mid: current.MID });
        }
        const mid = current?.MID ?? device.MID;
        if (!mid) throw deviceRefusal(user, 'midRequired');
        await checkReferences(user, pdb, trx, project, changes, current, mid);
        const changed = Object.keys(changes);
        const detail = { project: project.name, database: project.numero, mid, changed };
        if (current) {
          if (changed.length === 0) return current;
          await recordAction(ctx, 'device_modified', detail, trx);
          return pdb
            .updateTable('devices')
            .set(changes)
            .where('ID', '=', current.ID)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        await recordAction(ctx, 'device_created', detail, trx);
        return pdb
          .insertInto('devices')
          .values({ ...changes, MID: mid })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
    } catch (error) {
      if (isUniqueViolation(error, 'devices_imei_key')) {
        throw deviceRefusal(user, 'duplicateImei', { imei: changes.IMEI ?? '' });
      }
      if (isUniqueViolation(error, 'devices_MID_key')) {
        throw deviceRefusal(user, 'midUsed', { mid: device.MID ?? '', project: project.name });
      }
      throw error;
    }
  },
});
