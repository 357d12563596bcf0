import { z } from 'zod';
import { ORGANIZATION, ORGANIZATION_RENAME } from '../../../protocol/resources/organization';
import { recordAction } from '../../actions-log';
import { rowIdSchema } from '../../db/storable';
import { recordParameter } from '../../resources/record-parameter';
import { defineOperation } from '../registry';
import { companyOf } from './company-of';

/** `companyData` {id?}: the caller's own company (002 §7 "get company"); any other id is ignored. */
export const companyData = defineOperation({
  name: 'companyData',
  parameter: z.object({ id: rowIdSchema.optional() }),
  permission: 'user',
  async handler(_parameter, { db, user }) {
    return db
      .selectFrom('core.companies')
      .select(['id', 'name', 'web', 'address', 'phone', 'tier'])
      .where('id', '=', companyOf(user))
      .executeTakeFirstOrThrow();
  },
});

interface CompanyInput {
  Name?: string;
  Web?: string | null;
  Address?: string | null;
  Phone?: string | null;
}

/**
 * `modifyCompanyData` {Name?, Web?, Address?, Phone?} (002 §7 "modify company"): the company's
 * administrators change its data; the fields are validated as the organization resource declares.
 */
export const modifyCompanyData = defineOperation({
  name: 'modifyCompanyData',
  parameter: recordParameter(
    ORGANIZATION,
    'edit',
    { id: rowIdSchema.optional() },
    ORGANIZATION_RENAME,
  ),
  permission: 'admin',
  async handler(parameter, ctx) {
    const given = parameter as CompanyInput;
    const changes = {
      ...(given.Name !== undefined && { name: given.Name }),
      ...(given.Web !== undefined && { web: given.Web ?? '' }),
      ...(given.Address !== undefined && { address: given.Address ?? '' }),
      ...(given.Phone !== undefined && { phone: given.Phone ?? '' }),
    };
    const id = companyOf(ctx.user);
    await ctx.db.transaction().execute(async (trx) => {
      if (Object.keys(changes).length === 0) return;
      await trx.updateTable('core.companies').set(changes).where('id', '=', id).execute();
      await recordAction(ctx, 'organization_modified', { changed: Object.keys(changes) }, trx);
    });
    return { id, ...changes };
  },
});
