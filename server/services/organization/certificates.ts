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
 * The certificates' list, show and delete are the engine's (server/engine/hooks/certificates.ts);
 * what stays here is their "edit", which replaces the companies a certificate is shared with
 * (many to many). The upload is server/services/organization/upload.ts.
 */

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
 * `shareCertificate` {id, shared: company ids}: the companies the certificate is shared with,
 * replaced; only companies that share projects with the caller's. A change raises the record's
 * `version` and keeps a revision of `shared`, as an engine edit would.
 */
export const shareCertificate = defineOperation({
  name: 'shareCertificate',
  parameter: z.looseObject({ id: rowIdSchema, shared: z.array(rowIdSchema).max(1000).default([]) }),
  permission: 'admin',
  async handler({ id, shared }, ctx) {
    const companyId = companyOf(ctx.user);
    const ids = [...new Set(shared)].sort((a, b) => a - b);
    return ctx.db.transaction().execute(async (trx) => {
      const certificate = await ownCertificate(ctx, id, trx);
      if (ids.length > 0) {
        const allowed = await trx
          .selectFrom(sharedCompaniesQuery(trx, companyId).as('t'))
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
      const before = previous.map((row) => row.company_id).sort((a, b) => a - b);
      if (before.join() !== ids.join()) {
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
          before: { shared: before },
          after: { shared: ids, version },
        });
      }
      await recordAction(
        ctx,
        'certificate_shared',
        { name: certificate.name, id, companies: ids },
        trx,
      );
      return { id, shared: ids };
    });
  },
});
