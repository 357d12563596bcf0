import { sql } from 'kysely';
import { z } from 'zod';
import { datatableSchema } from '../../protocol/paging';
import {
  UPDATE_FILE_NAME_MAX,
  UPDATE_FILE_TYPES,
  UPDATE_FILES_MAX,
  UPDATE_PATH_MAX,
  UPDATE_SQL_MAX,
  UPDATE_TYPE_NAMES,
  type PublishPayload,
  type UpdateListResponse,
} from '../../protocol/updates';
import { recordAction } from '../actions-log';
import { INT4_MAX } from '../db/storable';
import { databaseSchema, requireProject } from '../services/projects/access';
import { defineOperation } from '../services/registry';
import { updateFileOf } from './device-pending';
import { deviceRows, FIRST_PAGE, LIST_PLATFORM, rowCounts, updateRows } from './list';
import { canPublish, canReadUpdates, publisher, publishRight } from './permissions';
import { confirmUpdate } from './publish';
import { stageUpdate } from './store';
import { countTargets } from './targets';
import { updatesRefusal } from './texts';

const versionSchema = z.number().int().min(1).max(INT4_MAX);

/**
 * updatesList (000 §3 Update list response): without `panel`, the first page (5 rows) of each
 * panel with the counts and ListPlatform; with `panel` 1 (totals), 2 (pending) or 3 (confirmed),
 * that panel's page by `datatable`, grouped by MID or by version, and its `total`.
 */
export const updatesList = defineOperation({
  name: 'updatesList',
  parameter: z.object({
    database: databaseSchema,
    panel: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).default(0),
    groupBy: z.enum(['mid', 'version']).default('mid'),
    datatable: datatableSchema.optional(),
    filter: z
      .object({
        mid: z.string().max(64).optional(),
        version: versionSchema.optional(),
        tipo: z.number().int().min(0).max(3).optional(),
      })
      .default({}),
  }),
  permission: canReadUpdates,
  async handler({ database, panel, groupBy, datatable, filter }, ctx) {
    const project = await requireProject(ctx, database);
    const page = datatable ?? FIRST_PAGE;
    const [counts, right] = await Promise.all([rowCounts(project), publishRight(ctx, project)]);
    const answer: UpdateListResponse = {
      // What the console may offer (000 §6): every type, licence updates only, or nothing.
      publish: right ?? 'none',
      ListUpd: [],
      ListDeviceUpd: [],
      Pendientes: counts.pending,
      Confirmadas: counts.confirmed,
      ListPlatform: LIST_PLATFORM,
    };
    if (panel === 1) {
      const { data, total } = await updateRows(project, page, filter, ctx.user);
      return { ...answer, ListUpd: data, total };
    }
    if (panel === 2 || panel === 3) {
      const { data, total } = await deviceRows(
        project,
        panel === 3,
        groupBy,
        page,
        filter,
        ctx.user,
      );
      return { ...answer, ListDeviceUpd: data, total };
    }
    const [updates, pending, confirmed] = await Promise.all([
      updateRows(project, FIRST_PAGE, filter, ctx.user),
      deviceRows(project, false, groupBy, FIRST_PAGE, filter, ctx.user),
      deviceRows(project, true, groupBy, FIRST_PAGE, filter, ctx.user),
    ]);
    return {
      ...answer,
      ListUpd: updates.data,
      ListDeviceUpd: [...pending.data, ...confirmed.data],
    };
  },
});

/** filesForUpdate {filter: versionCompleta, or the version}: the published update's files. */
export const filesForUpdate = defineOperation({
  name: 'filesForUpdate',
  parameter: z.object({
    database: databaseSchema,
    filter: z.union([z.string().trim().min(1).max(64), versionSchema]),
  }),
  permission: canReadUpdates,
  async handler({ database, filter }, ctx) {
    const project = await requireProject(ctx, database);
    const byVersion = typeof filter === 'number' || /^\d{1,9}$/.test(filter);
    const update = await project
      .db()
      .selectFrom('updates')
      .select('ID')
      .where('STATE', '=', 'published')
      .$if(byVersion, (q) => q.where('VERSION', '=', Number(filter)))
      .$if(!byVersion, (q) => q.where('VERSIONCOMPLETA', '=', String(filter)))
      .executeTakeFirst();
    if (!update) throw updatesRefusal(ctx.user, 'versionNotFound', { version: filter });
    const rows = await project
      .db()
      .selectFrom('update_files')
      .select(['NUMERO', 'TYPE', 'NAME', 'PATH', 'SIZE', 'SQLTEXT', 'REGISTER', 'EXECUTE'])
      .where('UPDATE_ID', '=', update.ID)
      .orderBy('NUMERO')
      .execute();
    return rows.map((row) =>
      updateFileOf({ ...row, SIZE: row.SIZE === null ? null : String(row.SIZE) }),
    );
  },
});

/**
 * getVersionUpdate {filter: type text}: the version the next published update will take, and
 * its full version if published today (the sequence is only read, not moved).
 */
export const getVersionUpdate = defineOperation({
  name: 'getVersionUpdate',
  parameter: z.object({
    database: databaseSchema,
    filter: z.union([z.enum(UPDATE_TYPE_NAMES), z.string().max(64)]).optional(),
  }),
  permission: canReadUpdates,
  async handler({ database }, ctx) {
    const project = await requireProject(ctx, database);
    const seq = sql.id(project.schema, 'update_version_seq');
    const { rows } = await sql<{ version: number; today: string }>`
      SELECT (CASE WHEN is_called THEN last_value + 1 ELSE last_value END)::int AS version,
        to_char(now(), 'YYYY.MM.DD') AS today
      FROM ${seq}
    `.execute(ctx.db);
    const { version, today } = rows[0];
    return { version, versionCompleta: `${today}-${version}` };
  },
});

const entrySchema = z.object({
  type: z.enum(UPDATE_FILE_TYPES),
  name: z.string().max(UPDATE_FILE_NAME_MAX).default(''),
  path: z.string().max(UPDATE_PATH_MAX).default(''),
  size: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  sql: z.string().max(UPDATE_SQL_MAX).optional(),
  register: z.boolean().default(false),
  execute: z.boolean().default(false),
});

/** uploadPublish {filter: file list}, step 1: the staged update (store.ts). */
export const uploadPublish = defineOperation({
  name: 'uploadPublish',
  parameter: z.object({
    database: databaseSchema,
    filter: z.array(entrySchema).max(UPDATE_FILES_MAX),
  }),
  permission: canPublish,
  async handler({ database, filter }, ctx) {
    const { project } = await publisher(ctx, database);
    return stageUpdate(ctx, project, filter);
  },
});

/**
 * countUpdateTargets {filter: {Type, lstMID, Platform?}}: how many devices the update would
 * reach if published now, by the publish's own checks and query (targets.ts), for the
 * console's confirmation before uploadConfirm. The same permission as publishing.
 */
export const countUpdateTargets = defineOperation({
  name: 'countUpdateTargets',
  parameter: z.object({
    database: databaseSchema,
    filter: z.object({
      Type: z.number().int().nullish(),
      lstMID: z
        .array(z.union([z.string().max(64), z.number().int()]))
        .max(5000)
        .default([]),
      Platform: z.number().int().min(0).max(12).optional(),
    }),
  }),
  permission: canPublish,
  async handler({ database, filter }, ctx) {
    const { project, right } = await publisher(ctx, database);
    const payload = filter as PublishPayload;
    return { devices: await countTargets(ctx, project, payload, right) };
  },
});

/** uploadConfirm {filter: publish payload}, step 3: publishes the staged update (publish.ts). */
export const uploadConfirm = defineOperation({
  name: 'uploadConfirm',
  parameter: z.object({
    database: databaseSchema,
    filter: z.object({
      Type: z.number().int().nullish(),
      lstMID: z
        .array(z.union([z.string().max(64), z.number().int()]))
        .max(5000)
        .default([]),
      updateRepository: z.boolean().default(false),
      TempDirectory: z.string().uuid(),
      SendPush: z.boolean().default(false),
      Platform: z.number().int().min(0).max(12).optional(),
    }),
  }),
  permission: canPublish,
  async handler({ database, filter }, ctx) {
    const { project, right } = await publisher(ctx, database);
    // A missing or unknown Type is refused by confirmUpdate with 000 §5's text.
    const payload = filter as PublishPayload;
    const published = await confirmUpdate(ctx, project, payload, right);
    await recordAction(ctx, 'update_published', {
      project: project.name,
      database: project.numero,
      type: UPDATE_TYPE_NAMES[filter.Type ?? 0],
      ...published,
    });
    return published;
  },
});
