import { mdmRoleTexts } from '../../mdm/role-texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * MDM roles (protocol/resources/mdm-roles.ts): the operators are written as the logins of the
 * company's users, one space apart; a login that is not one of them is refused by its name.
 */
async function operators(values: Row, hook: HookContext): Promise<Row> {
  if (!Object.hasOwn(values, 'operators') || values.operators == null) return values;
  const logins = [
    ...new Set(
      String(values.operators)
        .split(/[\s,;]+/)
        .filter(Boolean),
    ),
  ];
  if (logins.length === 0) return { ...values, operators: null };
  const known = await hook.trx
    .selectFrom('core.users')
    .select('login')
    .where('company_id', '=', hook.ctx.user.companyId ?? -1)
    .where('login', 'in', logins)
    .execute();
  const found = new Set(known.map((row) => row.login));
  const unknown = logins.find((login) => !found.has(login));
  if (unknown) {
    const reader = { language: hook.ctx.language ?? hook.ctx.user.language };
    throw mdmRoleTexts.refusal(reader, 'unknownOperator', { login: unknown });
  }
  return { ...values, operators: logins.join(' ') };
}

export const mdmRolesHooks: ResourceHooks = {
  beforeCreate: (values, hook) => operators(values, hook),
  beforeEdit: (changes, _before, hook) => operators(changes, hook),
};
