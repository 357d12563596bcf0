import { sql } from 'kysely';
import { groupIssue } from '../../../protocol/groups';
import { recordAction } from '../../actions-log';
import type { ProjectDb } from '../../db/project-schema';
import { defineProjectOperation } from '../projects/access';
import { checkPid } from './pid';
import { stampDeviceGroups, syncGroupModel } from './stamp';
import { provigroupParameter, syncgroupsParameter } from './parameters';
import { groupRefusal, groupText } from './texts';
import { languageOf } from '../../messages';

/** Every group with the platforms of its devices now (a device's platform may have changed). */
async function groupsWithPlatforms(pdb: ProjectDb) {
  return pdb
    .selectFrom('groups as g')
    .leftJoin('group_devices as gd', 'gd.IDGROUP', 'g.ID')
    .leftJoin('devices as d', 'd.ID', 'gd.IDDEVICE')
    .select(['g.ID', 'g.NAME', 'g.DESCRIPTION'])
    .select(
      sql<
        (string | null)[]
      >`coalesce(array_agg(d."DEVICE_TYPE") FILTER (WHERE d."ID" IS NOT NULL), '{}')`.as(
        'platforms',
      ),
    )
    .groupBy('g.ID')
    .orderBy('g.NAME')
    .execute();
}

/**
 * `syncgroups` (002 §7, 000 §5): checks every group as a save does, then, all or nothing, gives
 * each group its platform model named like the group (what provigroup provisions with) and
 * writes each device's DEVICEGROUP from the groups it is in (names by order, comma-separated).
 * Without groups: 'No existen grupos.'. docs/decisions.md, "Groups".
 */
export const syncgroups = defineProjectOperation({
  name: 'syncgroups',
  parameter: syncgroupsParameter,
  node: 'settings.groups',
  mode: 'write',
  async handler({ pid }, ctx, project) {
    await checkPid(ctx, project, pid);
    return ctx.db.transaction().execute(async (trx) => {
      const pdb = project.db(trx);
      await pdb.selectFrom('groups').select('ID').forUpdate().execute();
      const groups = await groupsWithPlatforms(pdb);
      if (groups.length === 0) throw groupRefusal(ctx.user, 'noGroups');
      for (const group of groups) {
        const issue = groupIssue(group);
        if (issue) {
          const reason = groupText(languageOf(ctx.user.language), issue);
          throw groupRefusal(ctx.user, 'inGroup', { name: group.NAME, reason });
        }
      }
      let models = 0;
      for (const group of groups) {
        const PLATFORM = group.platforms[0] ?? null;
        models += await syncGroupModel(pdb, { ID: group.ID, NAME: group.NAME, PLATFORM });
      }
      const devices = await stampDeviceGroups(trx, project, 'all');
      const detail = { project: project.name, database: project.numero, groups: groups.length };
      await recordAction(ctx, 'groups_synced', { ...detail, devices, models }, trx);
      return { groups: groups.length, devices, models };
    });
  },
});

/**
 * `provigroup` (002 §7, 000 §5): marks every device of the group for provisioning with the
 * group's model (one pending request per device in device_provisioning, replacing an earlier
 * one). Refused without devices ('No existen dispositivos en el grupo.') and without the model
 * named like the group on its devices' platform ('No existe el modelo. Sincronice primero.').
 */
export const provigroup = defineProjectOperation({
  name: 'provigroup',
  parameter: provigroupParameter,
  node: 'settings.groups',
  mode: 'write',
  async handler({ pid, data: id }, ctx, project) {
    await checkPid(ctx, project, pid);
    return ctx.db.transaction().execute(async (trx) => {
      const pdb = project.db(trx);
      const group = await pdb
        .selectFrom('groups')
        .select(['ID', 'NAME'])
        .where('ID', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!group) throw groupRefusal(ctx.user, 'groupNotFound', { id, project: project.name });
      const devices = await pdb
        .selectFrom('group_devices as gd')
        .innerJoin('devices as d', 'd.ID', 'gd.IDDEVICE')
        .select(['d.MID', 'd.DEVICE_TYPE'])
        .where('gd.IDGROUP', '=', id)
        .execute();
      if (devices.length === 0) throw groupRefusal(ctx.user, 'provisionNoDevices');
      const platforms = [...new Set(devices.map((d) => d.DEVICE_TYPE ?? ''))];
      const models = await pdb
        .selectFrom('models as m')
        .innerJoin('platforms as p', 'p.ID', 'm.IDPLATFORM')
        .select('p.PLATFORM')
        .where('m.MODEL', '=', group.NAME)
        .where('p.PLATFORM', 'in', platforms)
        .execute();
      if (models.length < platforms.length) throw groupRefusal(ctx.user, 'provisionNoModel');
      await pdb
        .insertInto('device_provisioning')
        .values(
          devices.map((d) => ({
            MID: d.MID,
            TASK: 'group',
            IDGROUP: group.ID,
            MODEL: group.NAME,
            REQUESTED_BY: ctx.user.login,
          })),
        )
        .onConflict((oc) =>
          oc.column('MID').doUpdateSet((eb) => ({
            TASK: eb.ref('excluded.TASK'),
            IDGROUP: eb.ref('excluded.IDGROUP'),
            MODEL: eb.ref('excluded.MODEL'),
            REQUESTED: sql`now()`,
            REQUESTED_BY: eb.ref('excluded.REQUESTED_BY'),
          })),
        )
        .execute();
      await pdb
        .updateTable('groups')
        .set({ PROVISIONED: sql`now()` })
        .where('ID', '=', id)
        .execute();
      const detail = {
        project: project.name,
        database: project.numero,
        group: group.NAME,
        devices: devices.length,
      };
      await recordAction(ctx, 'group_provisioned', detail, trx);
      return { ID: group.ID, NAME: group.NAME, MODEL: group.NAME, devices: devices.length };
    });
  },
});
