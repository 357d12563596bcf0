import { sql } from 'kysely';
import { mdmRoleTexts } from '../../mdm/role-texts';
import type { HookContext, ResourceHooks, Row } from '../hooks';

/**
 * MDM roles (protocol/resources/mdm-roles.ts): the operators are written as the logins of the
 * company's users, one space apart; a login that is not one of them is refused by its name. A
 * role's device groups must be groups of its project.
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

/** The groups a role is written with: their ids once each, in order; none is null. */
function groupIds(value: unknown): number[] | null {
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  const ids = [...new Set(list.map(Number))].sort((a, b) => a - b);
  return ids.length > 0 ? ids : null;
}

/**
 * The groups the role would name (`values` over `before`) are groups of its project, checked
 * when either changes (a role whose group was deleted since keeps its other edits); the value
 * written is their ids once each, or null for none (the whole project).
 */
async function deviceGroups(values: Row, before: Row | null, hook: HookContext): Promise<Row> {
  if (!Object.hasOwn(values, 'deviceGroups') && !Object.hasOwn(values, 'project')) return values;
  const pick = (name: string) => (Object.hasOwn(values, name) ? values[name] : before?.[name]);
  const groups = groupIds(pick('deviceGroups'));
  const written = Object.hasOwn(values, 'deviceGroups')
    ? { ...values, deviceGroups: groups }
    : values;
  if (!groups) return written;
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
  const found = project
    ? await sql<{ ID: number }>`SELECT "ID" FROM ${sql.table(`${project.schema_name}.groups`)}
        WHERE "ID" = ANY(${groups}::int[])`.execute(hook.trx)
    : { rows: [] };
  const known = new Set(found.rows.map((row) => Number(row.ID)));
  const unknown = groups.find((group) => !known.has(group));
  if (unknown === undefined) return written;
  throw mdmRoleTexts.refusal(reader, 'groupNotInProject', {
    group: String(unknown),
    project: project?.name ?? String(numero),
  });
}

export const mdmRolesHooks: ResourceHooks = {
  async beforeCreate(values, hook) {
    return operators(await deviceGroups(values, null, hook), hook);
  },
  async beforeEdit(changes, before, hook) {
    return operators(await deviceGroups(changes, before, hook), hook);
  },
};
