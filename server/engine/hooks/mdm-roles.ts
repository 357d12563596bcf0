import { sql } from 'kysely';
import { mdmRoleTexts } from '../../mdm/role-texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * MDM roles (protocol/resources/mdm-roles.ts): the operators are written as the logins of the
 * company's users, one space apart; a login that is not one of them is refused by its name. A
 * role's device group must be a group of its project.
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

/**
 * The group the role would name (`values` over `before`) is one of the project's groups, checked
 * when either changes (a role whose group was deleted since keeps its other edits).
 */
async function deviceGroup(values: Row, before: Row | null, hook: HookContext): Promise<void> {
  if (!Object.hasOwn(values, 'deviceGroup') && !Object.hasOwn(values, 'project')) return;
  const pick = (name: string) => (Object.hasOwn(values, name) ? values[name] : before?.[name]);
  const group = pick('deviceGroup');
  if (group === null || group === undefined) return;
  const reader = { language: hook.ctx.language ?? hook.ctx.user.language };
  const numero = pick('project');
  if (numero === null || numero === undefined) {
    throw mdmRoleTexts.refusal(reader, 'groupWithoutProject');
  }
  const project = await hook.trx
    .selectFrom('core.projects')
    .select(['name', 'schema_name'])
    .where('company_id', '=', hook.ctx.user.companyId ?? -1)
    .where('deleted', '=', false)
    .where('numero', '=', Number(numero))
    .executeTakeFirst();
  const found =
    project &&
    (await sql<{ ID: number }>`SELECT "ID" FROM ${sql.table(`${project.schema_name}.groups`)}
      WHERE "ID" = ${Number(group)}`.execute(hook.trx));
  if (found && found.rows.length > 0) return;
  throw mdmRoleTexts.refusal(reader, 'groupNotInProject', {
    group: String(group),
    project: project?.name ?? String(numero),
  });
}

export const mdmRolesHooks: ResourceHooks = {
  async beforeCreate(values, hook) {
    await deviceGroup(values, null, hook);
    return operators(values, hook);
  },
  async beforeEdit(changes, before, hook) {
    await deviceGroup(changes, before, hook);
    return operators(changes, hook);
  },
};
