import { z } from 'zod';
import { COMPANY_MANAGEMENT } from '../../../protocol/resources/company-management';
import { ORGANIZATION } from '../../../protocol/resources/organization';
import { recordAction } from '../../actions-log';
import { isUniqueViolation } from '../../db/errors';
import { rowIdSchema } from '../../db/storable';
import { declaredText, recordParameter } from '../../resources/record-parameter';
import { defineOperation, type OperationContext } from '../registry';
import { adminRefusal } from './texts';

interface CompanyInput {
  name?: string;
  tier?: string;
  active?: boolean | null;
  web?: string | null;
  address?: string | null;
  phone?: string | null;
}

/** The company's data as the organization resource declares and checks it (002 §3 Company). */
const organizationField = (source: string) =>
  declaredText(ORGANIZATION.fields.find((field) => field.source === source)!);

/** The specification's create call names the fields Name, Web, Address, Phone (002 §7). */
function ourNames(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { Name, Web, Address, Phone, ...rest } = input as Record<string, unknown>;
  return {
    ...rest,
    ...(Name !== undefined && rest.name === undefined && { name: Name }),
    ...(Web !== undefined && rest.web === undefined && { web: Web }),
    ...(Address !== undefined && rest.address === undefined && { address: Address }),
    ...(Phone !== undefined && rest.phone === undefined && { phone: Phone }),
  };
}

const RETURNED = ['id', 'name', 'tier', 'active', 'created_at'] as const;
const CREATED = [...RETURNED, 'web', 'address', 'phone'] as const;

/** A company name already taken is the caller's refusal, naming it. */
function nameTaken(ctx: OperationContext, name: string | undefined) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, 'companies_name_key'))
      throw adminRefusal(ctx.user, 'companyNameTaken', { name: name ?? '' });
    throw error;
  };
}

/**
 * `createCompany` {name, tier, active, web?, address?, phone?} (002 §7 "Create company"): the top
 * administrator's, in one call with the company's data; the specification's `{Name, Web, Address,
 * Phone}` is read the same.
 */
export const createCompany = defineOperation({
  name: 'createCompany',
  parameter: z.preprocess(
    ourNames,
    recordParameter(COMPANY_MANAGEMENT, 'create', {
      web: organizationField('web'),
      address: organizationField('address'),
      phone: organizationField('phone'),
    }),
  ),
  permission: 'topadmin',
  async handler(parameter, ctx) {
    const given = parameter as CompanyInput;
    return ctx.db
      .transaction()
      .execute(async (trx) => {
        const company = await trx
          .insertInto('core.companies')
          .values({
            name: given.name!,
            tier: given.tier!,
            active: given.active ?? true,
            web: given.web ?? '',
            address: given.address ?? '',
            phone: given.phone ?? '',
          })
          .returning(CREATED)
          .executeTakeFirstOrThrow();
        const detail = { company: company.name, tier: company.tier, active: company.active };
        await recordAction(ctx, 'company_created', detail, trx);
        return company;
      })
      .catch(nameTaken(ctx, given.name));
  },
});

/**
 * `updateCompany` {idcia, name?, tier?, active?} (002 §7 "modify company"): the top administrator
 * renames a company, changes its tier or its state; their own company is never disabled here.
 */
export const updateCompany = defineOperation({
  name: 'updateCompany',
  parameter: recordParameter(COMPANY_MANAGEMENT, 'edit', { idcia: rowIdSchema }),
  permission: 'topadmin',
  async handler(parameter, ctx) {
    const { idcia, ...given } = parameter as CompanyInput & { idcia: number };
    if (idcia === ctx.user.companyId && given.active === false)
      throw adminRefusal(ctx.user, 'ownCompany');
    const changes = {
      ...(given.name !== undefined && { name: given.name }),
      ...(given.tier !== undefined && { tier: given.tier }),
      ...(typeof given.active === 'boolean' && { active: given.active }),
    };
    return ctx.db
      .transaction()
      .execute(async (trx) => {
        const before = await trx
          .selectFrom('core.companies')
          .select(RETURNED)
          .where('id', '=', idcia)
          .forUpdate()
          .executeTakeFirst();
        if (!before) throw adminRefusal(ctx.user, 'companyNotFound');
        if (Object.keys(changes).length === 0) return before;
        const company = await trx
          .updateTable('core.companies')
          .set(changes)
          .where('id', '=', idcia)
          .returning(RETURNED)
          .executeTakeFirstOrThrow();
        const changed = Object.keys(changes).filter(
          (key) => before[key as keyof typeof before] !== company[key as keyof typeof company],
        );
        await recordAction(ctx, 'company_modified', { company: company.name, changed }, trx);
        return company;
      })
      .catch(nameTaken(ctx, given.name));
  },
});
