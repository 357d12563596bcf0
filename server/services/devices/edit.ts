import { z } from 'zod';
import { NEVER_SEEN, presenceOf } from '../../device/presence-read';
import { deviceState, isLicensed, isReadyForLicence, startOfDay } from '../../../protocol/devices';
import type { ProjectDb } from '../../db/project-schema';
import { databaseSchema, defineProjectOperation } from '../projects/access';
import { deviceIdSchema, midSchema } from './fields';
import { requireDevice, type DeviceRow } from './repository';

/** Lists the edit dialog offers; the paged `users` and `applications` serve larger projects. */
const CHOICES_LIMIT = 1000;

async function choices(pdb: ProjectDb) {
  const [applications, users, platforms, models] = await Promise.all([
    pdb
      .selectFrom('applications')
      .select(['ID', 'NAME'])
      .orderBy('NAME')
      .limit(CHOICES_LIMIT)
      .execute(),
    pdb
      .selectFrom('app_users')
      .select(['ID', 'NAME', 'EMAIL'])
      .orderBy('NAME')
      .limit(CHOICES_LIMIT)
      .execute(),
    pdb.selectFrom('platforms').select(['ID', 'PLATFORM', 'ACTIVE']).orderBy('ID').execute(),
    pdb.selectFrom('models').select(['ID', 'MODEL', 'IDPLATFORM']).orderBy('MODEL').execute(),
  ]);
  return {
    AllApplication: applications,
    AllUsers: users,
    AllPlatforms: platforms.map((platform) => ({
      id: platform.ID,
      platform: platform.PLATFORM,
      active: platform.ACTIVE,
      models: models
        .filter((model) => model.IDPLATFORM === platform.ID)
        .map((model) => ({ id: model.ID, model: model.MODEL })),
    })),
  };
}

type Choices = Awaited<ReturnType<typeof choices>>;

/** The device entity of the edit dialog (001 §3): its fields plus the chosen and the possible values. */
export function editableDevice(
  device: EditSource,
  lists: Choices,
  extra: { info: unknown; position: unknown },
) {
  const platform =
    lists.AllPlatforms.find((candidate) => candidate.platform === device.DEVICE_TYPE) ?? null;
  const model = platform?.models.find((candidate) => candidate.model === device.MODEL) ?? null;
  const application = lists.AllApplication.find(
    (candidate) => candidate.ID === device.IDAPPLICATION,
  );
  const user = lists.AllUsers.find((candidate) => candidate.ID === device.IDUSER);
  return {
    ...device,
    Estado: deviceState(device, startOfDay(new Date())),
    Licensed: isLicensed(device),
    Ready: isReadyForLicence(device),
    Platform: platform && { id: platform.id, platform: platform.platform },
    Model: model ?? (device.MODEL ? { id: null, model: device.MODEL } : null),
    Application:
      device.IDAPPLICATION === null
        ? null
        : { ID: device.IDAPPLICATION, NAME: application?.NAME ?? null },
    User: device.IDUSER === null ? null : { ID: device.IDUSER, NAME: user?.NAME ?? null },
    Replica: { MID: device.MID, PENDIENTE: device.PENDIENTE },
    Inventory: extra.info,
    Position: extra.position,
    ...lists,
  };
}

/** A device's last inventory and position (the edit dialog's inventory; deviceData 'inventory'). */
export async function deviceInventory(pdb: ProjectDb, mid: string) {
  const [info, position] = await Promise.all([
    pdb
      .selectFrom('device_info')
      .select(['INFO', 'LASTINFO', 'LASTGPS'])
      .where('MID', '=', mid)
      .executeTakeFirst(),
    pdb
      .selectFrom('device_positions')
      .select(['LATITUDE', 'LONGITUDE', 'ACCURACY', 'TIME'])
      .where('MID', '=', mid)
      .executeTakeFirst(),
  ]);
  return { info: info ?? null, position: position ?? null };
}

type EditSource = Omit<DeviceRow, 'ID' | 'CREATED'> & { ID: number | null; CREATED: Date | null };

const NEW_DEVICE: EditSource = {
  ID: null,
  PIN: null,
  PIN2: null,
  MID: '',
  OWNER: null,
  USERNAME: null,
  DEVICEGROUP: null,
  MODEL: null,
  SINCRONISMO: null,
  STATUS: 0,
  PENDIENTE: 0,
  DEVICE_TYPE: null,
  EMAIL: null,
  LIC: null,
  IMEI: null,
  IDAPPLICATION: null,
  IDUSER: null,
  CREATED: null,
};

/**
 * One device for the edit dialog (getDeviceForEdit), by ID or MID, with its inventory and last
 * position; without either, an empty device for the "new device" form with the same lists.
 * `id` is the specification's name of the ID (002 §7 `deviceForEdit {database, id}`): it was
 * dropped as an unknown key and the call answered a blank device.
 */
export const deviceForEdit = defineProjectOperation({
  name: 'deviceForEdit',
  parameter: z.object({
    database: databaseSchema,
    ID: deviceIdSchema.optional(),
    id: deviceIdSchema.optional(),
    MID: midSchema.optional(),
  }),
  node: 'devices.modify',
  mode: 'show',
  async handler({ ID: upper, id, MID }, { user, db }, project) {
    const ID = upper ?? id;
    const pdb = project.db();
    if (ID === undefined && MID === undefined) {
      return editableDevice(NEW_DEVICE, await choices(pdb), { info: null, position: null });
    }
    const device = await requireDevice(
      pdb,
      project,
      ID !== undefined ? { ID } : { MID: MID! },
      user,
    );
    const [lists, extra, presence] = await Promise.all([
      choices(pdb),
      deviceInventory(pdb, device.MID),
      presenceOf(db, [device.MID]),
    ]);
    // The dialog's title shows the connection state beside the colour state.
    return { ...editableDevice(device, lists, extra), ...(presence.get(device.MID) ?? NEVER_SEEN) };
  },
});
