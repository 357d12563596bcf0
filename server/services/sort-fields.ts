import { areaTexts, firstOf, type Reader } from './area-texts';

/**
 * The fields a list sorts by, as `datatable.orderBy` names them, each with what it sorts by in
 * SQL. A Map, never a plain object: a name the caller sends (`constructor`, `__proto__`,
 * `toString`) is only ever one of these keys, not something every object inherits.
 */
export type SortFields<T> = ReadonlyMap<string, T>;

/** @example const SORTS = sortFields({ name: 'NAME', created: 'CREATED' }); */
export function sortFields<T>(fields: Record<string, T>): SortFields<T> {
  return new Map(Object.entries(fields));
}

const { refusal } = areaTexts({
  es: {
    sortUnknown: 'No se puede ordenar por «{field}»: esta lista se ordena por {fields}.',
  },
  en: {
    sortUnknown: 'Cannot sort by "{field}": this list sorts by {fields}.',
  },
});

/**
 * What `orderBy` sorts by: its entry, or `fallback` (the list's own order) when none is asked
 * for. A name the list does not sort by is refused with the envelope in the caller's language.
 * @example const by = sortBy(ctx.user, SORTS, datatable.orderBy, 'NAME');
 */
export function sortBy<T, F = T>(
  reader: Reader,
  fields: SortFields<T>,
  orderBy: string | undefined,
  fallback: F,
): T | F {
  if (orderBy === undefined || orderBy === '') return fallback;
  const found = fields.get(orderBy);
  if (found !== undefined) return found;
  throw refusal(reader, 'sortUnknown', {
    field: orderBy.slice(0, 64),
    fields: firstOf([...fields.keys()]),
  });
}

/**
 * Refuses an `orderBy` that is none of `names`, for a list whose own code sorts by them (a page
 * built in memory, a fixed set of columns): the same refusal as sortBy's.
 */
export function checkSortName(
  reader: Reader,
  names: readonly string[],
  orderBy: string | undefined,
): void {
  sortBy(reader, new Map(names.map((name) => [name, name])), orderBy, null);
}
