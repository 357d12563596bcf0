import type { GetListParams, Identifier } from 'ra-core';
import type { Datatable } from '../../protocol/paging';
import type { ResourceDefinition, VerbCall } from '../../protocol/resource-definition';
import { isNumericField, type FieldSchema } from '../../protocol/resource-schema';

/**
 * Pure shaping of the parameters of a declared resource's calls (protocol/resource-definition.ts
 * VerbCall): react-admin's parameters in, the services operation's parameter out, so that the
 * rules (renames, changed fields only, the project's database) are tested without a server.
 */

export type ServiceCall = Extract<VerbCall, { operation: string }>;
type Values = Record<string, unknown>;

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

/** A filter row's text as the value its field holds: a yes/no, a number, a choice's code. */
function typedValue(field: FieldSchema, text: string): unknown {
  if (field.type === 'boolean') return text === 'true';
  if (isNumericField(field) && Number.isFinite(Number(text))) return Number(text);
  const choice = field.choices?.find((c) => String(c.code) === text);
  return choice ? choice.code : text;
}

const rowFilterOf = (values: Values) => (values.rowfilter ?? {}) as Record<string, unknown>;
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * The list's filter values the definition accepts: its filter fields, and `q` when it has a
 * search. A filter row's value of a field without declared operators is sent here too, typed.
 */
export function listFilter(definition: ResourceDefinition, values: Values): Values {
  const fields = definition.fields.filter((f) => f.filter);
  const rowfilter = rowFilterOf(values);
  const filter: Values = {};
  const put = (name: string, raw: unknown) => {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (!isEmpty(value)) filter[name] = value;
  };
  for (const field of fields) {
    const fromRow = rowfilter[field.source];
    if (!isEmpty(values[field.source])) put(field.source, values[field.source]);
    else if (!definition.filterOperators?.[field.source] && !isEmpty(fromRow))
      put(field.source, typedValue(field, String(fromRow).trim()));
  }
  if (definition.search) put('q', values.q);
  return filter;
}

/**
 * The filter row's values of the fields whose call takes operators (`filterOperators`), as the
 * 000 §5 parameters `rowfilter` and `rowfilteroper`; nothing when none is set.
 */
export function operatorFilter(definition: ResourceDefinition, values: Values): Values {
  const rowfilter = rowFilterOf(values);
  const operators = (values.rowfilteroper ?? {}) as Record<string, unknown>;
  const filter: Record<string, string> = {};
  const oper: Record<string, number> = {};
  for (const source of Object.keys(definition.filterOperators ?? {})) {
    const field = definition.fields.find((f) => f.source === source && f.filter);
    const value = rowfilter[source];
    if (!field || isEmpty(value)) continue;
    filter[source] = String(value).trim();
    if (operators[source] !== undefined) oper[source] = Number(operators[source]);
  }
  return Object.keys(filter).length ? { rowfilter: filter, rowfilteroper: oper } : {};
}

/** `database` for project resources: the list's permanent filter, or a mutation's meta. */
export function projectPart(definition: ResourceDefinition, database: unknown): Values {
  return definition.scope === 'project' && database != null ? { database: Number(database) } : {};
}

/** The filter values the call takes as parameters of their own (`parameters`), when set. */
function ownParameters(call: ServiceCall | undefined, values: Values): Values {
  const names = call?.parameters ?? [];
  return Object.fromEntries(
    names.filter((name) => !isEmpty(values[name])).map((name) => [name, values[name]]),
  );
}

/**
 * The list call's parameter: `{datatable, filter}`, plus `database` for project resources and
 * the filter values the call takes as parameters of their own.
 */
export function listParameter(
  definition: ResourceDefinition,
  params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>,
  call?: ServiceCall,
): Values {
  const sortable = definition.fields.filter((f) => f.sort).map((f) => f.source);
  const values = (params.filter ?? {}) as Values;
  return {
    ...projectPart(definition, values.database),
    ...ownParameters(call, values),
    datatable: toDatatable(params, sortable),
    // An embedded list's fixed filter (the device of a device's files) goes as it is.
    filter: { ...listFilter(definition, values), ...(values.fixed as Values | undefined) },
    ...operatorFilter(definition, values),
  };
}

/** A record's fields under the names the call gives them (`title` sent as `name`). */
export function renamed(call: ServiceCall, record: Values): Values {
  const rename = call.rename ?? {};
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [rename[k] ?? k, v]));
}

/** The record spread into the parameter, or under the call's `record` name. */
function placed(call: ServiceCall, record: Values): Values {
  const fields = renamed(call, record);
  return call.record ? { [call.record]: fields } : fields;
}

/** The fields a form may send: those the definition declares for that form, never computed. */
function formValues(definition: ResourceDefinition, mode: 'create' | 'edit', data: Values) {
  const sources = definition.fields
    .filter((f) => !f.computed && !f.readOnly && (mode === 'create' ? f.create : f.edit))
    .map((f) => f.source);
  return Object.fromEntries(Object.entries(data).filter(([key]) => sources.includes(key)));
}

/** The create call's parameter: the record (renamed), `fixed` merged, `database` when needed. */
export function createParameter(
  definition: ResourceDefinition,
  call: ServiceCall,
  data: Values,
  database?: unknown,
): Values {
  return {
    ...projectPart(definition, database),
    ...placed(call, formValues(definition, 'create', data)),
    ...call.fixed,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `data` that differ from `previous`. */
export function changedFields(data: Values, previous: Values): Values {
  return Object.fromEntries(Object.entries(data).filter(([key, v]) => !same(v, previous[key])));
}

/** The edit call's parameter: `{[id]: key}` and only the changed fields, renamed. */
export function updateParameter(
  definition: ResourceDefinition,
  call: ServiceCall,
  id: Identifier,
  data: Values,
  previous: Values,
  database?: unknown,
): Values {
  const changed = changedFields(formValues(definition, 'edit', data), previous);
  // The version the record was read with, so that the server refuses a stale edit.
  const version = call.version ? { [call.version]: previous[call.version] } : {};
  return {
    ...projectPart(definition, database),
    [call.id ?? definition.key]: id,
    ...placed(call, changed),
    ...version,
    ...call.fixed,
  };
}

/** A call naming one record (show, delete, a bulk action): `{[id]: key}`. */
export function keyParameter(
  definition: ResourceDefinition,
  call: ServiceCall,
  id: Identifier,
  database?: unknown,
): Values {
  return { ...projectPart(definition, database), [call.id ?? definition.key]: id, ...call.fixed };
}
