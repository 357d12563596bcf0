import { sql } from 'kysely';
import { MDM_ORGANIZATIONS } from '../../protocol/resources/mdm-organizations';
import type { Row } from '../engine/hooks';
import { engineDb, rowOf, tableOf } from '../engine/rows';
import { SCOPE_COLUMN } from '../engine/table';
import { traceWrite } from '../engine/trace';
import type { OperationContext } from '../services/registry';

/**
 * What a binding writes on a company's MDM organization of one platform (the Android signup, the
 * APNs certificate): its row read for update, and its new values written with the actions-log
 * line and revision of an engine write, the row created when there is none.
 */
const TABLE = tableOf(MDM_ORGANIZATIONS);
type Db = OperationContext['db'];
type Platform = 'android' | 'ios' | 'windows';

export async function organizationOf(db: Db, company: number, platform: Platform) {
  const stored = await engineDb(db)
    .selectFrom(TABLE)
    .selectAll()
    .where(SCOPE_COLUMN, '=', company)
    .where('platform', '=', platform)
    .forUpdate()
    .executeTakeFirst();
  return stored ? rowOf(MDM_ORGANIZATIONS, stored) : null;
}

export async function saveOrganization(
  trx: Db,
  ctx: OperationContext,
  platform: Platform,
  before: Row | null,
  values: Row,
) {
  const company = ctx.user.companyId as number;
  const query = before
    ? engineDb(trx)
        .updateTable(TABLE)
        .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
        .where('id', '=', before.id as number)
    : engineDb(trx)
        .insertInto(TABLE)
        .values({ ...values, platform, [SCOPE_COLUMN]: company });
  const after = rowOf(MDM_ORGANIZATIONS, await query.returningAll().executeTakeFirstOrThrow());
  const changed = Object.keys(values);
  const pick = (row: Row) => Object.fromEntries(changed.map((s) => [s, row[s]]));
  await traceWrite(trx, ctx, MDM_ORGANIZATIONS, after.id as number, after, {
    change: before ? 'edit' : 'create',
    before: before ? pick(before) : null,
    after: before ? pick(after) : after,
  });
  return after;
}
