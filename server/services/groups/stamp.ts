import { sql } from 'kysely';
import type { ProjectDb } from '../../db/project-schema';
import type { ProjectAccess } from '../projects/access';
import type { OperationContext } from '../registry';

type Trx = OperationContext['db'];

/** The platform's ID, adding the platform to the project when its devices know it and it does not. */
async function platformId(pdb: ProjectDb, PLATFORM: string): Promise<number> {
  await pdb
    .insertInto('platforms')
    .values({ PLATFORM })
    .onConflict((oc) => oc.column('PLATFORM').doNothing())
    .execute();
  const row = await pdb
    .selectFrom('platforms')
    .select('ID')
    .where('PLATFORM', '=', PLATFORM)
    .executeTakeFirstOrThrow();
  return row.ID;
}

/**
 * What synchronising does for one group: the model named like the group on its devices'
 * platform (what provigroup provisions with), the group's PLATFORM and SYNCED. Answers how many
 * models were added (0 or 1). Used by `syncgroups` for every group and by a save for its group.
 */
export async function syncGroupModel(
  pdb: ProjectDb,
  group: { ID: number; NAME: string; PLATFORM: string | null },
): Promise<number> {
  let models = 0;
  if (group.PLATFORM) {
    const added = await pdb
      .insertInto('models')
      .values({ MODEL: group.NAME, IDPLATFORM: await platformId(pdb, group.PLATFORM) })
      .onConflict((oc) => oc.columns(['IDPLATFORM', 'MODEL']).doNothing())
      .executeTakeFirst();
    models = Number(added.numInsertedOrUpdatedRows ?? 0);
  }
  await pdb
    .updateTable('groups')
    .set({ PLATFORM: group.PLATFORM, SYNCED: sql`now()` })
    .where('ID', '=', group.ID)
    .execute();
  return models;
}

/** The DEVICEGROUP the groups give each of these devices now (devices in no group absent). */
export async function groupStamps(
  trx: Trx,
  project: ProjectAccess,
  ids: number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const t = (table: string) => sql.id(project.schema, table);
  const { rows } = await sql<{ IDDEVICE: number; names: string }>`
    SELECT gd."IDDEVICE", left(string_agg(g."NAME", ', ' ORDER BY g."NAME"), 100) AS names
    FROM ${t('group_devices')} gd JOIN ${t('groups')} g ON g."ID" = gd."IDGROUP"
    WHERE gd."IDDEVICE" = ANY(${ids}::int[])
    GROUP BY gd."IDDEVICE"
  `.execute(trx);
  return new Map(rows.map((row) => [row.IDDEVICE, row.names]));
}

/**
 * Writes DEVICEGROUP of the devices (`'all'`: every device in a group): its groups' names by
 * order, comma-separated, at most 100 characters. With `before` (the stamps these devices had
 * from their groups before a change), a device now in no group loses a DEVICEGROUP that is still
 * that old stamp; a value typed by hand is never cleared. Answers how many devices changed.
 */
export async function stampDeviceGroups(
  trx: Trx,
  project: Pick<ProjectAccess, 'schema'>,
  ids: number[] | 'all',
  before: Map<number, string> = new Map(),
): Promise<number> {
  const t = (table: string) => sql.id(project.schema, table);
  if (ids !== 'all' && ids.length === 0) return 0;
  const only = ids === 'all' ? sql`` : sql`WHERE gd."IDDEVICE" = ANY(${ids}::int[])`;
  const stamped = await sql`
    UPDATE ${t('devices')} d SET "DEVICEGROUP" = m.names
    FROM (
      SELECT gd."IDDEVICE", left(string_agg(g."NAME", ', ' ORDER BY g."NAME"), 100) AS names
      FROM ${t('group_devices')} gd JOIN ${t('groups')} g ON g."ID" = gd."IDGROUP"
      ${only}
      GROUP BY gd."IDDEVICE"
    ) m
    WHERE d."ID" = m."IDDEVICE" AND d."DEVICEGROUP" IS DISTINCT FROM m.names
  `.execute(trx);
  let changed = Number(stamped.numAffectedRows ?? 0);
  if (before.size > 0) {
    const cleared = await sql`
      UPDATE ${t('devices')} d SET "DEVICEGROUP" = NULL
      FROM unnest(${[...before.keys()]}::int[], ${[...before.values()]}::text[]) AS p(id, names)
      WHERE d."ID" = p.id AND d."DEVICEGROUP" = p.names
        AND NOT EXISTS (SELECT 1 FROM ${t('group_devices')} gd WHERE gd."IDDEVICE" = d."ID")
    `.execute(trx);
    changed += Number(cleared.numAffectedRows ?? 0);
  }
  return changed;
}

/**
 * Puts a device in a group of its project, unless it is in it or the group is gone: the device an
 * MDM enrolment token enrols joins the token's group (docs/mdm.md, "Enrolment"). Its DEVICEGROUP
 * follows; the MDM policy it takes is worked out by the enrolment.
 */
export async function joinGroup(
  trx: Trx,
  project: Pick<ProjectAccess, 'schema'>,
  group: number,
  device: number,
): Promise<void> {
  const t = (table: string) => sql.id(project.schema, table);
  await sql`INSERT INTO ${t('group_devices')} ("IDGROUP", "IDDEVICE")
    SELECT "ID", ${device} FROM ${t('groups')} WHERE "ID" = ${group}
    ON CONFLICT DO NOTHING`.execute(trx);
  await stampDeviceGroups(trx, project, [device]);
}
