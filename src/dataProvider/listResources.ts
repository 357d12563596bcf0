import type { GetListParams } from 'ra-core';
import type { Datatable } from '../../protocol/paging';

/** How a react-admin resource list maps onto a services operation. */
interface ListResource {
  operation: string;
  /** Columns the server can sort by; any other sort is left to the server's default. */
  sortable: readonly string[];
  filter(values: Record<string, unknown>): Record<string, string>;
}

function textFilters(
  values: Record<string, unknown>,
  names: readonly string[],
): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const name of names) {
    const value = values[name];
    if (typeof value === 'string' && value.trim() !== '') filter[name] = value.trim();
  }
  return filter;
}

export const LIST_RESOURCES: Record<string, ListResource> = {
  actions: {
    operation: 'actionsLog',
    sortable: ['at', 'action', 'login'],
    filter: (values) => textFilters(values, ['action', 'login']),
  },
  companies: {
    operation: 'companies',
    sortable: ['name', 'created_at', 'tier'],
    filter: (values) => textFilters(values, ['q']),
  },
};

/** react-admin's pagination and sort as the specification's `datatable` parameter. */
export function toDatatable(
  params: Pick<GetListParams, 'pagination' | 'sort'>,
  sortable: readonly string[],
): Datatable {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 100 };
  const datatable: Datatable = { start: (page - 1) * perPage, length: perPage, orderDir: 'asc' };
  const sort = params.sort;
  if (sort && sortable.includes(sort.field)) {
    datatable.orderBy = sort.field;
    datatable.orderDir = sort.order === 'DESC' ? 'desc' : 'asc';
  }
  return datatable;
}
