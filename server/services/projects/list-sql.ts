import { sql, type Expression, type RawBuilder } from 'kysely';
import { datatableSchema, type Datatable } from '../../../protocol/paging';
import { labelOf, type ResourceDefinition } from '../../../protocol/resource-definition';
import { isAdmin } from '../../../protocol/roles';
import type { SessionUser } from '../../auth';
import { languageOf } from '../../messages';
import type { FilterColumns } from '../../resources/definition-filters';
import { deviceRefusal } from '../devices/texts';

/**
 * The SQL of the recent and shared project lists' declared fields (protocol/resources/
 * project-fields.ts): what each sortable field sorts by and each filter field filters on, over
 * `core.projects p`, its owner `core.users o` and the caller's `core.project_recents r`.
 */

const SORTS = {
  name: sql`lower(p.name)`,
  projectType: sql.ref('p.project_type'),
  lastaccess: sql.ref('r.last_access'),
  licences: sql.ref('p.licences'),
  username: sql`lower(o.login)`,
  dbname: sql`lower(p.dbname)`,
  numero: sql.ref('p.numero'),
} satisfies Record<string, Expression<unknown>>;

export type ProjectSort = keyof typeof SORTS;

/** A page of a project list: `orderBy` a sortable field; absent, the list's own order. */
export const projectDatatable = datatableSchema.default({ start: 0, length: 100, orderDir: 'asc' });

const sortable = (name: string): name is ProjectSort => Object.hasOwn(SORTS, name);

/** The asked sort field, or the refusal that names it by its label in the caller's language. */
function sortField(definition: ResourceDefinition, orderBy: string, user: SessionUser) {
  const field = definition.fields.find((f) => f.source === orderBy);
  if (field?.sort && sortable(orderBy)) return orderBy;
  const column = field ? labelOf(field, languageOf(user.language)) : orderBy;
  throw deviceRefusal(user, field ? 'notSortable' : 'sortUnknownColumn', { column });
}

/**
 * ORDER BY the asked field and direction, rows without a value last, then by name whatever its
 * case and by number; without `orderBy`, the list's own order (`fallback`).
 */
export function projectOrder(
  { definition, user }: { definition: ResourceDefinition; user: SessionUser },
  datatable: Datatable,
  fallback: { field: ProjectSort; order: 'asc' | 'desc' },
): RawBuilder<unknown>[] {
  const asked = datatable.orderBy;
  const field = asked ? sortField(definition, asked, user) : fallback.field;
  const order = asked ? datatable.orderDir : fallback.order;
  return [
    sql`${SORTS[field]} ${sql.raw(order === 'desc' ? 'DESC' : 'ASC')} NULLS LAST`,
    sql`lower(p.name)`,
    sql`p.numero`,
  ];
}

/** The filter fields' columns; the caller's role is worked out as the rows are (project-list.ts). */
export function projectFilterColumns(user: SessionUser): FilterColumns {
  const other = isAdmin(user.profile) ? 'admin' : 'shared';
  return {
    projectType: sql.ref('p.project_type'),
    username: sql.ref('o.login'),
    role: sql`(CASE WHEN p.owner_id = ${user.id} THEN 'owner' ELSE ${other}::text END)`,
  };
}
