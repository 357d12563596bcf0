import type { Kysely } from 'kysely';
import { labelOf, type ResourceDefinition } from '../../protocol/resource-definition';
import { lowerTitle } from '../../protocol/lower-title';
import type { Db } from '../db/database';
import { languageOf } from '../messages';
import type { OperationContext } from '../services/registry';
import type { Row } from './hooks';
import { columnOf, ENGINE_SCHEMA, SCOPE_COLUMN } from './table';
import { engineTexts } from './texts';

/**
 * The owned table of a definition as Kysely sees it: its name and columns come from the
 * definition, never from a caller, so the dynamic names are safe; the query builder types them
 * loosely.
 */
type EngineDatabase = Record<string, Record<string, unknown>>;

export const engineDb = (db: Db) => db as unknown as Kysely<EngineDatabase>;

export const tableOf = (definition: ResourceDefinition) =>
  `${ENGINE_SCHEMA}.${definition.storage!.table}`;

/** A stored row as the wire has it: every declared field by its source. */
export function rowOf(definition: ResourceDefinition, stored: Record<string, unknown>): Row {
  return Object.fromEntries(
    definition.fields.map((f) => [f.source, stored[columnOf(f.source)] ?? null]),
  );
}

/** The given values by column, for an insert or an update. */
export function columnsOf(values: Row): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([source, v]) => [columnOf(source), v]));
}

/** The record's title in the caller's language (`Aplicación gestionada`). */
export function titleOf(definition: ResourceDefinition, ctx: Pick<OperationContext, 'user'>) {
  return definition.title.one[languageOf(ctx.user.language)];
}

/** The caller's company, the scope of every row it reads or writes; a user without one is refused. */
export function companyOf(definition: ResourceDefinition, ctx: Pick<OperationContext, 'user'>) {
  const company = ctx.user.companyId;
  if (company === null) {
    const what = lowerTitle(definition.title.many[languageOf(ctx.user.language)]);
    throw engineTexts.refusal(ctx.user, 'noCompany', { what });
  }
  return company;
}

/** One row of the caller's company, locked for the write when `forUpdate`; refused when absent. */
export async function storedRow(
  definition: ResourceDefinition,
  ctx: Pick<OperationContext, 'user'>,
  db: Db,
  id: number,
  forUpdate = false,
): Promise<Row> {
  let query = engineDb(db)
    .selectFrom(tableOf(definition))
    .selectAll()
    .where('id', '=', id)
    .where(SCOPE_COLUMN, '=', companyOf(definition, ctx));
  if (forUpdate) query = query.forUpdate();
  const stored = await query.executeTakeFirst();
  if (!stored)
    throw engineTexts.refusal(ctx.user, 'notFound', { what: titleOf(definition, ctx), id });
  return rowOf(definition, stored);
}

/** The label of a record for the actions log and the refusals. */
export function recordLabel(definition: ResourceDefinition, row: Row): string {
  return String(row[definition.labelField] ?? row[definition.key] ?? '');
}

/** A field's label in the caller's language, by source. */
export function fieldLabel(
  definition: ResourceDefinition,
  source: string,
  ctx: Pick<OperationContext, 'user'>,
) {
  const field = definition.fields.find((f) => f.source === source);
  return field ? labelOf(field, languageOf(ctx.user.language)) : source;
}
