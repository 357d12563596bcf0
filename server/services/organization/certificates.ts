import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../../protocol/paging';
import { CERTIFICATES } from '../../../protocol/resources/certificates';
import { recordAction } from '../../actions-log';
import type { Db } from '../../db/database';
import { rowIdSchema } from '../../db/storable';
import { fileStore } from '../../files/index';
import {
  definitionFilters,
  plainFilterSchema,
  rowFilterParameters,
} from '../../resources/definition-filters';
import { defineOperation, type OperationContext } from '../registry';
import { companyOf, escapeLike } from './company-of';
import { isSharing, sharedCompaniesQuery } from './shared-companies';
import { organizationRefusal } from './texts';

/** A certificate (`k`) the company owns or that is shared with it. */
export const seenBy = (companyId: number) =>
  sql<SqlBool>`(k.company_id = ${companyId} OR EXISTS (SELECT 1 FROM core.certificate_shares s
    WHERE s.certificate_id = k.id AND s.company_id = ${companyId}))`;

/**
 * The certificates a company sees: its own and those shared with it, with the owner's name and
 * the ids of the companies each is shared with. Never the passwords or the file.
 */
function visibleCertificates(db: Db, companyId: number) {
  return db
    .selectFrom('core.certificates as k')
    .innerJoin('core.companies as o', 'o.id', 'k.company_id')
    .where(seenBy(companyId))
    .select([
      'k.id',
      'k.name',
      'k.type',
      'k.plat',
      'k.certname',
      'k.teamid',
      'k.file_name',
      'k.expires_at',
      'k.uploaded_login',
      'k.uploaded_at',
      'k.company_id',
      'o.name as owner',
      sql<number[]>`coalesce((SELECT array_agg(s.company_id ORDER BY s.company_id)
        FROM core.certificate_shares s WHERE s.certificate_id = k.id), '{}')`.as('shared'),
      sql<string>`coalesce((SELECT string_agg(c.name, ', ' ORDER BY c.name)
        FROM core.certificate_shares s JOIN core.companies c ON c.id = s.company_id
        WHERE s.certificate_id = k.id), '')`.as('shared_names'),
    ]);
}

const FILTER_COLUMNS = {
  name: sql.ref('t.name'),
  type: sql.ref('t.type'),
  certname: sql.ref('t.certname'),
  teamid: sql.ref('t.teamid'),
  owner: sql.ref('t.owner'),
  shared_names: sql.ref('t.shared_names'),
  uploaded_login: sql.ref('t.uploaded_login'),
};

/** `certificates` {datatable, filter}: the company's certificates and those shared with it. */
export const certificates = defineOperation({
  name: 'certificates',
  parameter: z.object({
    datatable: datatableSchema
      .extend({
        orderBy: z
          .enum([
            'name',
            'type',
            'certname',
            'teamid',
            'expires_at',
            'uploaded_login',
            'uploaded_at',
          ])
          .default('name'),
      })
      .default({ start: 0, length: 25, orderBy: 'name', orderDir: 'asc' }),
    filter: plainFilterSchema({ q: z.string().max(200).optional(), type: z.string().optional() }),
    ...rowFilterParameters,
  }),
  permission: 'user',
  async handler({ datatable, filter, ...given }, { db, user }) {
    const companyId = companyOf(user);
    const filters = definitionFilters(CERTIFICATES, FILTER_COLUMNS, { filter, ...given }, user);
    let query = db.selectFrom(visibleCertificates(db, companyId).as('t')).where(filters);
    if (filter.q) {
      const like = `%${escapeLike(filter.q)}%`;
      query = query.where((eb) =>
        eb.or([eb('t.name', 'ilike', like), eb('t.certname', 'ilike', like)]),
      );
    }
    const [rows, count] = await Promise.all([
      query
        .selectAll()
        .orderBy(`t.${datatable.orderBy}`, datatable.orderDir)
        .orderBy('t.id')
        .offset(datatable.start)
        .limit(datatable.length)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return {
      data: rows.map((row) => ({ ...row, mine: row.company_id === companyId })),
      total: Number(count.total),
    };
  },
});

/** One of the caller's company's own certificates; another company's is described as missing. */
async function ownCertificate(ctx: OperationContext, id: number, db: Db = ctx.db) {
  const row = await db
    .selectFrom('core.certificates')
    .select(['id', 'name', 'file_key'])
    .where('id', '=', id)
    .where('company_id', '=', companyOf(ctx.user))
    .executeTakeFirst();
  if (!row) throw organizationRefusal(ctx.user, 'certificateNotFound');
  return row;
}

/**
 * `shareCertificate` {id, shared: company ids}: the companies the certificate is shared with,
 * replaced; only companies that share projects with the caller's.
 */
export const shareCertificate = defineOperation({
  name: 'shareCertificate',
  parameter: z.looseObject({ id: rowIdSchema, shared: z.array(rowIdSchema).max(1000).default([]) }),
  permission: 'admin',
  async handler({ id, shared }, ctx) {
    const companyId = companyOf(ctx.user);
    const ids = [...new Set(shared)];
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
      await trx.deleteFrom('core.certificate_shares').where('certificate_id', '=', id).execute();
      if (ids.length > 0) {
        await trx
          .insertInto('core.certificate_shares')
          .values(ids.map((company_id) => ({ certificate_id: id, company_id })))
          .execute();
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

/** `deleteCertificate` {id}: one of the company's certificates, its sealed file with it. */
export const deleteCertificate = defineOperation({
  name: 'deleteCertificate',
  parameter: z.object({ id: rowIdSchema }),
  permission: 'admin',
  async handler({ id }, ctx) {
    const certificate = await ctx.db.transaction().execute(async (trx) => {
      const row = await ownCertificate(ctx, id, trx);
      await trx.deleteFrom('core.certificates').where('id', '=', id).execute();
      await recordAction(ctx, 'certificate_deleted', { name: row.name, id }, trx);
      return row;
    });
    await fileStore(ctx.config, ctx.db)
      .delete(certificate.file_key)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'certificate file not removed'));
    return { id };
  },
});
