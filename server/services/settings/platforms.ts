import { sql } from 'kysely';
import { z } from 'zod';
import { recordAction } from '../../actions-log';
import { recordRevision, type RevisionEntry } from '../../engine/revisions-write';
import { rowIdField } from '../../db/storable';
import {
  databaseSchema,
  projectPermission,
  requireProject,
  type ProjectAccess,
} from '../projects/access';
import { defineOperation, type OperationContext, type Permission } from '../registry';
import { settingsTexts } from './texts';

const { refusal } = settingsTexts;
const id = rowIdField('a row id');
const modelName = z.string().max(200);

/** 002 §3 "Platform: data plus models with id", and a model's own fields for one model. */
const platformData = z.object({
  id: id.optional(),
  platform: z.string().max(100).optional(),
  active: z.boolean().optional(),
  models: z
    .array(z.object({ id: id.optional(), model: modelName, idplatform: id.optional() }))
    .max(500)
    .optional(),
  model: modelName.optional(),
  idplatform: id.optional(),
});

const admplatformsParameter = z.object({
  oper: z.enum(['all', 'update', 'removemodel']),
  database: databaseSchema,
  data: platformData.optional(),
  idmodel: id.optional(),
  /** The platform an edit of the platforms list names (its key), instead of data.id. */
  idplatform: id.optional(),
});

type AdmplatformsParameter = z.infer<typeof admplatformsParameter>;

export interface PlatformModelRow {
  id: number;
  model: string;
  idplatform: number;
}

export interface PlatformRow {
  id: number;
  platform: string;
  active: boolean;
  models: PlatformModelRow[];
}

/** 000 §3 Platform: every platform of the project with its models, by id and model. */
async function allPlatforms(project: ProjectAccess): Promise<PlatformRow[]> {
  const pdb = project.db();
  const [platforms, models] = await Promise.all([
    pdb.selectFrom('platforms').select(['ID', 'PLATFORM', 'ACTIVE']).orderBy('ID').execute(),
    pdb.selectFrom('models').select(['ID', 'MODEL', 'IDPLATFORM']).orderBy('MODEL').execute(),
  ]);
  return platforms.map((p) => ({
    id: p.ID,
    platform: p.PLATFORM,
    active: p.ACTIVE,
    models: models
      .filter((m) => m.IDPLATFORM === p.ID)
      .map((m) => ({ id: m.ID, model: m.MODEL, idplatform: m.IDPLATFORM })),
  }));
}

type Trx = NonNullable<Parameters<ProjectAccess['db']>[0]>;

/** The platform a change names, by id or by code, or the refusal that says it is not there. */
async function platformOf(
  ctx: OperationContext,
  project: ProjectAccess,
  trx: Trx,
  by: { id?: number; platform?: string },
) {
  const query = project.db(trx).selectFrom('platforms').select(['ID', 'PLATFORM']);
  const found = await (
    by.id !== undefined
      ? query.where('ID', '=', by.id)
      : query.where('PLATFORM', '=', by.platform ?? '')
  ).executeTakeFirst();
  if (found) return found;
  throw by.id !== undefined
    ? refusal(ctx.user, 'platformNotFound', { id: by.id, numero: project.numero })
    : refusal(ctx.user, 'platformUnknown', { platform: by.platform ?? '', numero: project.numero });
}

/** A model's name as stored: trimmed, and never empty (configuration.noempty, 000 §5). */
function nameOf(ctx: OperationContext, model: string): string {
  const name = model.trim();
  if (name === '') throw refusal(ctx.user, 'noempty');
  return name;
}

/**
 * The revision of one row a call of the specification writes, as the engine keeps its own
 * (`<numero>:<id>`, server/engine/rows.ts), so the record's Historial has every change.
 */
function revise(
  trx: Trx,
  ctx: OperationContext,
  project: ProjectAccess,
  resource: 'platforms' | 'platform-models',
  id: number,
  change: RevisionEntry['change'],
  before: RevisionEntry['before'],
  after: RevisionEntry['after'],
) {
  const record = `${project.numero}:${id}`;
  return recordRevision(trx, ctx, { resource, record, change, before, after });
}

/** The one column a call of the specification edits in each table, and its field and resource. */
const EDITED = {
  platforms: { column: 'ACTIVE', field: 'active', resource: 'platforms' },
  models: { column: 'MODEL', field: 'model', resource: 'platform-models' },
} as const;

/**
 * Sets that column of one row (of the platform `within`, when named) in one statement that also
 * reads the value before, marks the row as the engine's edits do and writes its revision. False
 * when there is no such row.
 */
async function editColumn(
  trx: Trx,
  ctx: OperationContext,
  project: ProjectAccess,
  table: keyof typeof EDITED,
  row: { id: number; within?: number },
  value: string | boolean,
): Promise<boolean> {
  const { column, field, resource } = EDITED[table];
  const target = sql.table(`${project.schema}.${table}`);
  const within = row.within === undefined ? sql`` : sql`AND "IDPLATFORM" = ${row.within}`;
  const { rows } = await sql<{ before: unknown; beforeVersion: number; version: number }>`
    UPDATE ${target} AS edited
    SET ${sql.id(column)} = ${value}, version = edited.version + 1, updated_at = now()
    FROM (
      SELECT "ID", ${sql.id(column)} AS before, version AS "beforeVersion" FROM ${target}
      WHERE "ID" = ${row.id} ${within} FOR UPDATE
    ) AS old
    WHERE edited."ID" = old."ID"
    RETURNING old.before, old."beforeVersion", edited.version`.execute(trx);
  const done = rows[0];
  if (!done) return false;
  const before = { [field]: done.before, version: done.beforeVersion };
  const after = { [field]: value, version: done.version };
  await revise(trx, ctx, project, resource, row.id, 'edit', before, after);
  return true;
}

/** Whether a failure is the (IDPLATFORM, MODEL) unique key: a model the platform already has. */
const isTaken = (error: unknown) => (error as { code?: string }).code === '23505';

/**
 * Writes the models of an update: `id` renames that model (of the platform), no `id` adds one.
 * A name the platform already has is refused, naming it.
 */
async function writeModels(
  ctx: OperationContext,
  project: ProjectAccess,
  trx: Trx,
  platform: { ID: number; PLATFORM: string },
  models: { id?: number; model: string }[],
): Promise<{ added: string[]; renamed: string[]; ids: number[] }> {
  const pdb = project.db(trx);
  const added: string[] = [];
  const renamed: string[] = [];
  const ids: number[] = [];
  for (const item of models) {
    const model = nameOf(ctx, item.model);
    try {
      if (item.id === undefined) {
        const { ID } = await pdb
          .insertInto('models')
          .values({ MODEL: model, IDPLATFORM: platform.ID })
          .returning('ID')
          .executeTakeFirstOrThrow();
        const after = { model, idplatform: platform.ID, version: 1 };
        await revise(trx, ctx, project, 'platform-models', ID, 'create', null, after);
        added.push(model);
        ids.push(ID);
        continue;
      }
      const row = { id: item.id, within: platform.ID };
      if (!(await editColumn(trx, ctx, project, 'models', row, model))) {
        throw refusal(ctx.user, 'modelNotFound', { id: item.id, numero: project.numero });
      }
      renamed.push(model);
      ids.push(item.id);
    } catch (error) {
      if (!isTaken(error)) throw error;
      throw refusal(ctx.user, 'modelTaken', { platform: platform.PLATFORM, model });
    }
  }
  return { added, renamed, ids };
}

/** What an update changed: a platform, and the one model it named (create, rename). */
interface Changed {
  platform: number;
  model?: number;
}

/**
 * `update`: a platform switched on or off (`data.active`) with models added or renamed
 * (`data.models`); one model renamed (`idmodel`, `data.model`); or one model added to a platform
 * (`data.model` with `data.idplatform`, `data.id` or `data.platform`). One transaction.
 */
async function update(
  ctx: OperationContext,
  project: ProjectAccess,
  p: AdmplatformsParameter,
): Promise<Changed> {
  const data = p.data ?? {};
  return ctx.db.transaction().execute(async (trx): Promise<Changed> => {
    const pdb = project.db(trx);
    if (p.idmodel !== undefined) {
      const model = await pdb
        .selectFrom('models')
        .select(['ID', 'IDPLATFORM'])
        .where('ID', '=', p.idmodel)
        .executeTakeFirst();
      if (!model)
        throw refusal(ctx.user, 'modelNotFound', { id: p.idmodel, numero: project.numero });
      if (data.model === undefined) throw refusal(ctx.user, 'nothingToUpdate');
      const platform = await platformOf(ctx, project, trx, { id: model.IDPLATFORM });
      await writeModels(ctx, project, trx, platform, [{ id: model.ID, model: data.model }]);
      await recordAction(
        ctx,
        'platform_modified',
        { database: project.numero, platform: platform.PLATFORM, renamed: [data.model.trim()] },
        trx,
      );
      return { platform: platform.ID, model: model.ID };
    }
    const platformId = p.idplatform ?? data.idplatform ?? data.id;
    if (platformId === undefined && data.platform === undefined) {
      throw refusal(ctx.user, data.model === undefined ? 'nothingToUpdate' : 'whichPlatform');
    }
    const platform = await platformOf(ctx, project, trx, {
      id: platformId,
      platform: data.platform,
    });
    const models = [
      ...(data.models ?? []),
      ...(data.model !== undefined ? [{ model: data.model }] : []),
    ];
    if (data.active === undefined && models.length === 0) {
      throw refusal(ctx.user, 'nothingToUpdate');
    }
    if (data.active !== undefined) {
      await editColumn(trx, ctx, project, 'platforms', { id: platform.ID }, data.active);
    }
    const written = await writeModels(ctx, project, trx, platform, models);
    await recordAction(
      ctx,
      'platform_modified',
      {
        database: project.numero,
        platform: platform.PLATFORM,
        ...(data.active !== undefined ? { active: data.active } : {}),
        ...(written.added.length ? { added: written.added } : {}),
        ...(written.renamed.length ? { renamed: written.renamed } : {}),
      },
      trx,
    );
    // One model named (the console's create): that model is what changed.
    const one = data.model !== undefined && !data.models;
    return { platform: platform.ID, model: one ? written.ids[0] : undefined };
  });
}

/** `removemodel`: one model removed; the devices that name it keep their text. */
async function removeModel(ctx: OperationContext, project: ProjectAccess, idmodel?: number) {
  if (idmodel === undefined)
    throw refusal(ctx.user, 'modelNotFound', { id: '', numero: project.numero });
  await ctx.db.transaction().execute(async (trx) => {
    const removed = await project
      .db(trx)
      .deleteFrom('models')
      .where('ID', '=', idmodel)
      .returning(['MODEL', 'IDPLATFORM', 'version'])
      .executeTakeFirst();
    if (!removed) throw refusal(ctx.user, 'modelNotFound', { id: idmodel, numero: project.numero });
    const before = {
      model: removed.MODEL,
      idplatform: removed.IDPLATFORM,
      version: removed.version,
    };
    await revise(trx, ctx, project, 'platform-models', idmodel, 'delete', before, null);
    const platform = await platformOf(ctx, project, trx, { id: removed.IDPLATFORM });
    await recordAction(
      ctx,
      'model_removed',
      { database: project.numero, platform: platform.PLATFORM, model: removed.MODEL },
      trx,
    );
  });
}

/**
 * `admplatforms` (002 §7 admin API): `all` answers the project's platforms with their models
 * (000 §3 Platform), as `removemodel` does after removing one; `update` answers what it changed:
 * the model it named (`{id, model, idplatform, platform}`), else the platform with its models.
 * Reading needs the project's settings.platforms node with show, changing it write (000 §6).
 */
export const admplatforms = defineOperation({
  name: 'admplatforms',
  parameter: admplatformsParameter,
  permission: (user, parameter, ctx) => {
    const mode = (parameter as AdmplatformsParameter).oper === 'all' ? 'show' : 'write';
    const check = projectPermission('settings.platforms', mode) as Exclude<Permission, string>;
    return check(user, parameter, ctx);
  },
  async handler(p: AdmplatformsParameter, ctx) {
    const project = await requireProject(ctx, p.database);
    if (p.oper === 'removemodel') await removeModel(ctx, project, p.idmodel);
    if (p.oper !== 'update') return allPlatforms(project);
    // An update answers what it changed: the model it named, else the platform.
    const changed = await update(ctx, project, p);
    const platform = (await allPlatforms(project)).find((row) => row.id === changed.platform)!;
    const model = platform.models.find((row) => row.id === changed.model);
    return model ? { ...model, platform: platform.platform } : platform;
  },
});
