import { z } from 'zod';
import { ErrorCode } from '../../protocol/envelope';
import { datatableSchema } from '../../protocol/paging';
import { recordAction } from '../actions-log';
import { FileKeyError, fileStore, type FileStore } from '../files/index';
import { HelpdeskPathError, safeFileName } from '../helpdesk/paths';
import {
  databaseSchema,
  defineProjectOperation,
  type ProjectAccess,
} from '../services/projects/access';
import { ServiceError, type OperationContext } from '../services/registry';
import { fileChannel } from './channel';
import { folderRows, sortRows, type FileSort } from './listing';
import { MAX_DEPTH, MAX_PROJECT_FILES, projectRoot, resolveProjectPath } from './paths';
import { projectFilesRefusal, projectFilesText } from './texts';
import { languageOf } from '../messages';

/**
 * The project's own files (/app/setting, tab fileBrowser; docs/decisions.md "The project file
 * browser"): browse a folder, upload, download and delete, by the project node
 * `settings.filebrowser` (show to read, write to change), in the shared file store.
 */

const pathSchema = z.string().max(1000);

/** The path resolved, or the refusal that names it. */
function resolved(ctx: OperationContext, project: ProjectAccess, path: string, root = false) {
  try {
    return resolveProjectPath(project.schema, path, root);
  } catch (error) {
    if (!(error instanceof HelpdeskPathError)) throw error;
    throw projectFilesRefusal(ctx.user, 'badPath', { path, depth: MAX_DEPTH });
  }
}

/** Store calls with a key the store still refuses (defence in depth) answered as a bad path. */
async function guarded<T>(ctx: OperationContext, path: string, work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (error instanceof FileKeyError) {
      throw projectFilesRefusal(ctx.user, 'badPath', { path, depth: MAX_DEPTH });
    }
    throw error;
  }
}

const storeOf = (ctx: OperationContext): FileStore => fileStore(ctx.config, ctx.db);

/**
 * `projectFiles` {database, datatable, filter: {folder?, q?}}: a folder's files and subfolders
 * (folders first), sorted, searched by name and paged. A store lists keys, not folders, so the
 * folder's files are read and grouped; a project holds at most MAX_PROJECT_FILES.
 */
export const projectFiles = defineProjectOperation({
  name: 'projectFiles',
  parameter: z.object({
    database: databaseSchema,
    datatable: datatableSchema
      .extend({
        orderBy: z.enum(['name', 'kind', 'size', 'modified', 'files']).default('name'),
      })
      .default({ start: 0, length: 25, orderBy: 'name', orderDir: 'asc' }),
    filter: z
      .looseObject({ folder: pathSchema.default(''), q: z.string().max(200).optional() })
      .default({ folder: '' }),
  }),
  node: 'settings.filebrowser',
  mode: 'show',
  async handler({ datatable, filter }, ctx, project) {
    const folder = resolved(ctx, project, filter.folder, true);
    const prefix = `${folder.key}/`;
    const stored = await guarded(ctx, folder.path, () => storeOf(ctx).list(prefix));
    let rows = folderRows(prefix, folder.path, stored);
    if (filter.q) {
      const q = filter.q.toLocaleLowerCase('es');
      rows = rows.filter((row) => row.name.toLocaleLowerCase('es').includes(q));
    }
    const sorted = sortRows(rows, datatable.orderBy as FileSort, datatable.orderDir);
    return {
      data: sorted.slice(datatable.start, datatable.start + datatable.length),
      total: sorted.length,
      folder: folder.path,
    };
  },
});

/** Refusals of a stored upload: too large (by the form's limit), else what it was. */
function uploadFailure(ctx: OperationContext, error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (error instanceof UploadTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') {
    const text = projectFilesText(languageOf(ctx.user.language), 'tooLarge', {
      mb: ctx.config.HELPDESK_MAX_UPLOAD_MB,
    });
    return new ServiceError(text, ErrorCode.tooLarge, 413);
  }
  return error;
}

/** The form's file passed its size limit (multipart truncates it). */
export class UploadTooLarge extends Error {}

/**
 * `uploadProjectFile` {database, folder, name, file?}: one file into a folder, replacing one of
 * the same name. The console sends a multipart form to `POST /api/projects/files` (routes.ts),
 * whose stream reaches this operation; scripts may send `file` as base64 here instead. The name
 * is made safe as help-desk names are.
 */
export const uploadProjectFile = defineProjectOperation({
  name: 'uploadProjectFile',
  parameter: z.object({
    database: databaseSchema,
    folder: pathSchema.default(''),
    name: z.string().trim().min(1).max(255),
    file: z.string().max(14_000_000).optional(),
  }),
  node: 'settings.filebrowser',
  mode: 'write',
  async handler({ folder, name, file }, ctx, project) {
    const target = resolved(ctx, project, folder, true);
    const safe = safeFileName(name, 'file');
    const path = target.path ? `${target.path}/${safe}` : safe;
    const { key } = resolved(ctx, project, path);
    const store = storeOf(ctx);
    const held = await store.list(`${projectRoot(project.schema)}/`);
    if (held.length >= MAX_PROJECT_FILES && !held.some((one) => one.key === key)) {
      throw projectFilesRefusal(ctx.user, 'tooMany', { max: MAX_PROJECT_FILES });
    }
    const upload = fileChannel()?.upload;
    const bytes = file === undefined ? null : Buffer.from(file, 'base64');
    if (!upload && !bytes) throw projectFilesRefusal(ctx.user, 'noFile');
    const maxBytes = ctx.config.HELPDESK_MAX_UPLOAD_MB * 1024 * 1024;
    if (bytes && bytes.length > maxBytes) throw uploadFailure(ctx, new UploadTooLarge());
    let stored;
    try {
      stored = await guarded(ctx, path, () =>
        store.put(key, upload?.source ?? bytes!, upload ? { check: upload.check } : {}),
      );
    } catch (error) {
      throw uploadFailure(ctx, error);
    }
    const detail = { project: project.name, database: project.numero, path, size: stored.size };
    await recordAction(ctx, 'project_file_uploaded', detail);
    return {
      id: path,
      path,
      name: safe,
      kind: 'file',
      size: stored.size,
      modified: stored.modified.toISOString(),
      files: 1,
    };
  },
});

/**
 * `downloadProjectFile` {database, path}: a file's name, size and time; through
 * `POST /api/projects/files/download` (routes.ts) the file itself, as an attachment.
 */
export const downloadProjectFile = defineProjectOperation({
  name: 'downloadProjectFile',
  parameter: z.object({ database: databaseSchema, path: pathSchema }),
  node: 'settings.filebrowser',
  mode: 'show',
  async handler({ path }, ctx, project) {
    const { key, segments } = resolved(ctx, project, path);
    const store = storeOf(ctx);
    const channel = fileChannel();
    const opened = channel ? await guarded(ctx, path, () => store.get(key)) : null;
    const found = opened ?? (await guarded(ctx, path, () => store.stat(key)));
    if (!found) {
      const inside = await store.list(`${key}/`);
      throw projectFilesRefusal(ctx.user, inside.length ? 'isFolder' : 'notFound', { path });
    }
    if (channel && opened) channel.download = opened;
    const name = segments[segments.length - 1];
    return { path, name, size: found.size, modified: found.modified.toISOString() };
  },
});

/**
 * `deleteProjectFile` {database, path}: a file, or a folder with everything in it (the console
 * asks first, naming it); answers how many files went.
 */
export const deleteProjectFile = defineProjectOperation({
  name: 'deleteProjectFile',
  parameter: z.object({ database: databaseSchema, path: pathSchema }),
  node: 'settings.filebrowser',
  mode: 'write',
  async handler({ path }, ctx, project) {
    const { key, path: clean } = resolved(ctx, project, path);
    const store = storeOf(ctx);
    const files = await guarded(ctx, path, async () =>
      (await store.delete(key)) ? 1 : store.deletePrefix(`${key}/`),
    );
    if (files === 0) throw projectFilesRefusal(ctx.user, 'notFound', { path });
    const detail = { project: project.name, database: project.numero, path: clean, files };
    await recordAction(ctx, 'project_file_deleted', detail);
    return { path: clean, files };
  },
});
