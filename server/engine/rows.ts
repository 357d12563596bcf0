import { sql, type Kysely, type RawBuilder } from 'kysely';
import { labelOf, type ResourceDefinition } from '../../protocol/resource-definition';
import { lowerTitle } from '../../protocol/lower-title';
import type { Db } from '../db/database';
import { languageOf } from '../messages';
import { ServiceError, type OperationContext } from '../services/registry';
import type { EngineVerb } from '../../protocol/resource-entity';
import { hooksOf, type Row } from './hooks';
import { ENTITY_KEY } from '../../protocol/resource-entity';
import { projectSchemaName } from '../db/projects';
import { executePrepared } from '../db/prepared';
import { columnOf, ENGINE_SCHEMA, PROJECT_COLUMN, SCOPE_COLUMN, sqlType } from './table';
import { engineTexts } from './texts';
import type { RecordKey } from './keys';

/**
 * The owned table of a definition as Kysely sees it: its name and columns come from the
 * definition, never from a caller, so the dynamic names are safe; the query builder types them
 * loosely.
 */
type EngineDatabase = Record<string, Record<string, unknown>>;

export const engineDb = (db: Db) => db as unknown as Kysely<EngineDatabase>;

/** Whether a mapped table is in each project's schema (`prj_<numero>`): the platforms. */
export const inProjectSchema = (definition: ResourceDefinition) =>
  definition.storage?.mapped?.schema === 'project';

/**
 * The project schema of a call to a table in each project's schema; the resolver sets the
 * project (`storage.project`) from the call's `database` before any query.
 */
function projectSchemaOf(definition: ResourceDefinition): string {
  const project = definition.storage?.project;
  if (project === undefined)
    throw new Error(`${definition.name}: a project's call without its project`);
  return projectSchemaName(project);
}

export const tableOf = (definition: ResourceDefinition) =>
  inProjectSchema(definition)
    ? `${projectSchemaOf(definition)}.${definition.storage!.table}`
    : `${ENGINE_SCHEMA}.${definition.storage!.table}`;

/** Another table of the same project schema, for a hook's SQL (`sql` hooks taking the definition). */
export const siblingTable = (definition: ResourceDefinition, table: string) =>
  sql.id(projectSchemaOf(definition), table);

/** The JSON column of an owned table that holds its company's custom fields (issue 34, point 7). */
export const CUSTOM_COLUMN = 'custom';

/** Whether a field is a company's custom field, kept in the table's JSON column. */
const isCustom = (definition: ResourceDefinition, source: string) =>
  definition.fields.some((f) => f.source === source && f.custom);

/** The SQL a field reads as in the engine's queries (`t` is the table): its column or JSON key. */
export function fieldSql(definition: ResourceDefinition, source: string): RawBuilder<unknown> {
  const field = definition.fields.find((f) => f.source === source);
  const computed = hooksOf(definition.name).sql?.[source];
  if (computed) return typeof computed === 'function' ? computed(definition) : computed;
  if (!field?.custom) return sql`${sql.ref(`t.${columnOf(source, definition)}`)}`;
  const text = sql`(t.${sql.ref(CUSTOM_COLUMN)} ->> ${sql.lit(source)})`;
  const type = sqlType(field);
  return type === 'text' ? text : sql`${text}::${sql.raw(type)}`;
}

/** A stored row as the wire has it: every field by its source, custom ones from the JSON column. */
export function rowOf(definition: ResourceDefinition, stored: Record<string, unknown>): Row {
  const custom = (stored[CUSTOM_COLUMN] ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    definition.fields.map((f) => [
      f.source,
      (f.custom
        ? custom[f.source]
        : (stored[columnOf(f.source, definition)] ?? stored[f.source])) ?? null,
    ]),
  );
}

/**
 * The given values by column, for an insert or an update; custom fields are merged into the JSON
 * column (`custom || {...}`), so an edit keeps the custom values it does not change.
 */
export function columnsOf(definition: ResourceDefinition, values: Row): Record<string, unknown> {
  const columns: Record<string, unknown> = {};
  const custom: Row = {};
  // A field a `sql` hook reads has no column: its hooks write it (a certificate's shares).
  const hooked = hooksOf(definition.name).sql ?? {};
  for (const [source, value] of Object.entries(values)) {
    if (Object.hasOwn(hooked, source)) continue;
    if (isCustom(definition, source)) custom[source] = value;
    else columns[columnOf(source, definition)] = value;
  }
  if (Object.keys(custom).length > 0) {
    columns[CUSTOM_COLUMN] =
      sql`coalesce(${sql.ref(CUSTOM_COLUMN)}, '{}'::jsonb) || ${JSON.stringify(custom)}::jsonb`;
  }
  return columns;
}

/** An insert's custom values: a new row has no JSON to merge into. */
export function insertColumnsOf(definition: ResourceDefinition, values: Row) {
  const columns = columnsOf(definition, values);
  if (!Object.hasOwn(columns, CUSTOM_COLUMN)) return columns;
  const custom = Object.fromEntries(
    Object.entries(values).filter(([source]) => isCustom(definition, source)),
  );
  return { ...columns, [CUSTOM_COLUMN]: JSON.stringify(custom) };
}

/** The record's title in the caller's language (`Aplicación gestionada`). */
export function titleOf(definition: ResourceDefinition, ctx: Pick<OperationContext, 'user'>) {
  return definition.title.one[languageOf(ctx.user.language)];
}

/**
 * The company whose rows the caller reads or writes: theirs, or what the resource's `company` hook
 * says (null: none).
 */
export function scopeOf(
  definition: ResourceDefinition,
  ctx: OperationContext,
  verb: EngineVerb,
): number | null {
  const hook = hooksOf(definition.name).company;
  return hook ? hook(ctx, verb) : ctx.user.companyId;
}

/** The caller's company, the scope of every row it reads or writes; a user without one is refused. */
export function companyOf(
  definition: ResourceDefinition,
  ctx: OperationContext,
  verb: EngineVerb = 'show',
) {
  const company = scopeOf(definition, ctx, verb);
  if (company === null) {
    const what = lowerTitle(definition.title.many[languageOf(ctx.user.language)]);
    throw engineTexts.refusal(ctx.user, 'noCompany', { what });
  }
  return company;
}

/**
 * The scope columns a row of the caller's is written with and read by: its company, and for a
 * project-scoped entity the project the call named (set by the resolver, `storage.project`).
 */
export function scopeColumns(
  definition: ResourceDefinition,
  ctx: OperationContext,
  verb: EngineVerb,
  company = companyOf(definition, ctx, verb),
): Record<string, number> {
  if (definition.scope !== 'project') return { [SCOPE_COLUMN]: company };
  // A table in each project's schema: the schema is the scope (the resolver checked the project
  // is the caller's company's).
  if (inProjectSchema(definition)) return {};
  const project = definition.storage?.project;
  if (project === undefined)
    throw new Error(`${definition.name}: a project's call without its project`);
  return { [SCOPE_COLUMN]: company, [PROJECT_COLUMN]: project };
}

/** The scope as a condition of a query (`prefix`: `t.` when the table is aliased). */
export function inScope(scope: Record<string, number>, prefix = '') {
  if (Object.keys(scope).length === 0) return sql<boolean>`true`;
  return sql<boolean>`${sql.join(
    Object.entries(scope).map(
      ([column, value]) => sql`${sql.ref(`${prefix}${column}`)} = ${value}`,
    ),
    sql` AND `,
  )}`;
}

/** What a caller reads of the table `t`: its `seen` hook's rows, else its scope's. */
export function seenOrScope(
  definition: ResourceDefinition,
  ctx: OperationContext,
  verb: EngineVerb,
  company = companyOf(definition, ctx, verb),
) {
  const seen = hooksOf(definition.name).seen;
  return seen ? seen(company, ctx) : inScope(scopeColumns(definition, ctx, verb, company), 't.');
}

/**
 * A record's key in the revisions: its id, or `<numero>:<id>` for a table in each project's
 * schema, whose ids repeat from one project to the next.
 */
export const revisionRecord = (definition: ResourceDefinition, id: RecordKey) =>
  inProjectSchema(definition) ? `${definition.storage!.project}:${id}` : id;

/** The key's column, by the table's alias `t` (a mapped table may name it `ID`). */
export const keyColumn = (definition: ResourceDefinition) =>
  `t.${columnOf(ENTITY_KEY, definition)}`;

/**
 * The fields a `sql` hook reads (a count of other rows, a value of another table), selected by
 * their sources beside the row's columns, so a stored row has them as a listed one does.
 */
export function hookedColumns(definition: ResourceDefinition) {
  const hooked = Object.keys(hooksOf(definition.name).sql ?? {});
  return definition.fields
    .filter((f) => hooked.includes(f.source))
    .map((f) => fieldSql(definition, f.source).as(f.source));
}

/**
 * One row the caller reads (`show`), or of the rows it writes (`edit`), locked for the write
 * (`lock`); refused when absent.
 */
export async function storedRow(
  definition: ResourceDefinition,
  ctx: OperationContext,
  db: Db,
  id: RecordKey,
  access: 'show' | 'edit' | 'lock' = 'show',
): Promise<Row> {
  let query = engineDb(db)
    .selectFrom(`${tableOf(definition)} as t`)
    .selectAll('t')
    .select(hookedColumns(definition))
    .where(keyColumn(definition), '=', id)
    .where(
      access === 'show'
        ? seenOrScope(definition, ctx, 'show')
        : inScope(scopeColumns(definition, ctx, 'edit'), 't.'),
    );
  const reach = hooksOf(definition.name).reach;
  if (reach) query = query.where(await reach(ctx));
  if (access === 'lock') query = query.forUpdate('t');
  const [stored] = (await executePrepared(db, query)).rows;
  if (!stored) {
    const missing = engineTexts.refusal(ctx.user, 'notFound', {
      what: titleOf(definition, ctx),
      id,
    });
    // REST: 404 Not Found, as for a record no list has.
    throw new ServiceError(missing.message, missing.code, missing.status, 404);
  }
  return rowOf(definition, stored);
}

/** Rows as the wire has them: through the resource's `present` hook when it has one. */
export async function presented(
  definition: ResourceDefinition,
  rows: Row[],
  ctx: OperationContext,
): Promise<Row[]> {
  const present = hooksOf(definition.name).present;
  return present && rows.length > 0 ? present(rows, ctx) : rows;
}

/** One row as the wire has it. */
export const presentedRow = async (
  definition: ResourceDefinition,
  row: Row,
  ctx: OperationContext,
): Promise<Row> => (await presented(definition, [row], ctx))[0];

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
