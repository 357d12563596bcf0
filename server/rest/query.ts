import type { Datatable } from '../../protocol/paging';
import { MAX_PAGE_LENGTH } from '../../protocol/paging';
import type { ResourceDefinition } from '../../protocol/resource-definition';

/** A query parameter ra-data-simple-rest sends that is not what it should be. */
export class BadQuery extends Error {
  constructor(
    readonly param: string,
    readonly expected: string,
  ) {
    super(`${param}: ${expected}`);
  }
}

function json(query: Record<string, unknown>, param: string, expected: string): unknown {
  const text = query[param];
  if (text === undefined) return undefined;
  // The data service sends the values themselves (docs/api.md, "The data service for apps").
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(String(text));
  } catch {
    throw new BadQuery(param, expected);
  }
}

/**
 * ra-data-simple-rest's `sort=["field","ASC"]&range=[0,24]&filter={…}` as the list call's
 * `datatable` and `filter`. Only sortable fields sort; a filter keeps the definition's filter
 * fields and `q`, and `id` (a list of keys, getMany) is answered by the route.
 */
export function listQuery(definition: ResourceDefinition, query: Record<string, unknown>) {
  const sort = json(query, 'sort', '["field","ASC" | "DESC"]') ?? [
    definition.sort.field,
    definition.sort.order,
  ];
  const range = json(query, 'range', '[first, last]') ?? [0, 24];
  const filter = json(query, 'filter', 'a JSON object') ?? {};
  if (!Array.isArray(sort) || typeof sort[0] !== 'string' || !/^(ASC|DESC)$/i.test(sort[1])) {
    throw new BadQuery('sort', '["field","ASC" | "DESC"]');
  }
  const [first, last] = Array.isArray(range) ? range : [];
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last < first) {
    throw new BadQuery('range', '[first, last], whole numbers, 0 ≤ first ≤ last');
  }
  if (typeof filter !== 'object' || filter === null || Array.isArray(filter)) {
    throw new BadQuery('filter', 'a JSON object');
  }
  const sortable = definition.fields.filter((f) => f.sort).map((f) => f.source);
  const datatable: Datatable = {
    start: first,
    length: Math.min(last - first + 1, MAX_PAGE_LENGTH),
    orderDir: String(sort[1]).toUpperCase() === 'DESC' ? 'desc' : 'asc',
  };
  if (sortable.includes(sort[0])) datatable.orderBy = sort[0];
  const allowed = new Set(definition.fields.filter((f) => f.filter).map((f) => f.source));
  if (definition.search) allowed.add('q');
  const values = filter as Record<string, unknown>;
  const kept = Object.fromEntries(Object.entries(values).filter(([key]) => allowed.has(key)));
  const ids = Array.isArray(values.id)
    ? values.id.map(String)
    : values.id != null
      ? [String(values.id)]
      : null;
  // A narrowed list (docs/resources.md `fixedFilter`) keeps its filter over the caller's.
  return { datatable, filter: { ...kept, ...definition.fixedFilter }, ids };
}
