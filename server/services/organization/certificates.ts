import { sql } from 'kysely';
import { z } from 'zod';
import { recordAction } from '../../actions-log';
import type { Db } from '../../db/database';
import { rowIdSchema } from '../../db/storable';
import { recordRevision } from '../../engine/revisions-write';
import { defineOperation, type OperationContext } from '../registry';
import { companyOf } from './company-of';
import { isSharing, sharedCompaniesQuery } from './shared-companies';
import { organizationRefusal } from './texts';

/**
 * The certificates' list, show, edit and delete are the engine's
 * (server/engine/hooks/certificates.ts); what stays here is the rule of their shares, and the
 * specification's `shareCertificate`, which sends no version. The upload is ./upload.ts.
 */

/**
 * Replaces the companies a certificate is shared with (in the caller's transaction `trx`): only
 * companies that share projects with the caller's. Answers the ids before and after, sorted.
 */
export async function replaceShares(
  ctx: OperationContext,
  trx: Db,
  id: number,
  shared: readonly number[],
) {
  const ids = [...new Set(shared)].sort((a, b) => a - b);
  if (ids.length > 0) {
    const allowed = await trx
      .selectFrom(sharedCompaniesQuery(trx, companyOf(ctx.user)).as('t'))
      .select('t.id')
      .where(isSharing())
      .where('t.id', 'in', ids)
      .execute();
    if (allowed.length !== ids.length) throw organizationRefusal(ctx.user, 'companyNotShared');
  }
  const previous = await trx
    .deleteFrom('core.certificate_shares')
    .where('certificate_id', '=', id)
    .returning('company_id')
    .execute();
  if (ids.length > 0) {
    await trx
      .insertInto('core.certificate_shares')
      .values(ids.map((company_id) => ({ certificate_id: id, company_id })))
      .execute();
  }
  return { before: previous.map((row) => row.company_id).sort((a, b) => a - b), after: ids };
}

/** One of the caller's company's own certificates, locked; another company's is missing. */
async function ownCertificate(ctx: OperationContext, id: number, db: Db) {
  const row = await db
    .selectFrom('core.certificates')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('company_id', '=', companyOf(ctx.user))
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw organizationRefusal(ctx.user, 'certificateNotFound');
  return row;
}

/**
 * `shareCertificate` {id, shared: company ids} (002 §7): the companies the certificate is shared
 * with, replaced. A change raises the record's `version` and keeps a revision of `shared`, as the
 * engine's edit (`certificatesEdit`) does; this call sends no version, so it is never stale.
 */
export const shareCertificate = defineOperation({
  name: 'shareCertificate',
  parameter: z.looseObject({ id: rowIdSchema, shared: z.array(rowIdSchema).max(1000).default([]) }),
  permission: 'admin',
  async handler({ id, shared }, ctx) {
    return ctx.db.transaction().execute(async (trx) => {
      const certificate = await ownCertificate(ctx, id, trx);
      const { before, after } = await replaceShares(ctx, trx, id, shared);
      if (before.join() !== after.join()) {
        const { version } = await trx
          .updateTable('core.certificates')
          .set({ version: sql`version + 1`, updated_at: sql`now()` })
          .where('id', '=', id)
          .returning('version')
          .executeTakeFirstOrThrow();
        await recordRevision(trx, ctx, {
          resource: 'certificates',
          record: id,
          change: 'edit',
          before: { shared: before, version: version - 1 },
          after: { shared: after, version },
        });
      }
      await recordAction(
        ctx,
        'certificate_shared',
        { name: certificate.name, id, companies: after },
        trx,
      );
      return { id, shared: after };
    });
  },
});
