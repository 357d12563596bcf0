import { z } from 'zod';
import { ErrorCode } from '../../protocol/envelope';
import { UPDATE_FILE_BYTES_MAX, UPDATE_PATH_MAX } from '../../protocol/updates';
import { INT4_MAX } from '../db/storable';
import { fileChannel } from '../project-files/channel';
import { UploadTooLarge } from '../project-files/operations';
import { databaseSchema, requireProject } from '../services/projects/access';
import { defineOperation, ServiceError, type OperationContext } from '../services/registry';
import { canPublish, canReadUpdates, publisher } from './permissions';
import { findStaged, needsBytes, updateFileKey, updateFiles } from './store';
import { updatesRefusal } from './texts';

const numeroSchema = z.number().int().min(1).max(INT4_MAX);

/** Thrown by a put's check: the bytes written are not the size declared at uploadPublish. */
class SizeMismatch extends Error {
  constructor(readonly size: number) {
    super('size mismatch');
  }
}

function tooBig(ctx: OperationContext, name: string) {
  const mb = UPDATE_FILE_BYTES_MAX / 1024 / 1024;
  const refusal = updatesRefusal(ctx.user, 'tooBig', { name, mb });
  return new ServiceError(refusal.message, ErrorCode.tooLarge, 413);
}

/**
 * uploadUpdateFile {database, alias, numero, folder}: step 2 for one file, whose bytes come
 * through `POST /api/updates/upload` (upload-route.ts), streamed into the FileStore under
 * `updates/<schema>/<alias>/<numero>`. Sending it again replaces it, so a retry after a network
 * failure works; the file is marked uploaded only once its bytes are the size declared.
 */
export const uploadUpdateFile = defineOperation({
  name: 'uploadUpdateFile',
  parameter: z.object({
    database: databaseSchema,
    alias: z.string().max(64),
    numero: numeroSchema,
    folder: z.string().max(UPDATE_PATH_MAX).default(''),
  }),
  permission: canPublish,
  async handler({ database, alias, numero, folder }, ctx) {
    const { project } = await publisher(ctx, database);
    const staged = await findStaged(ctx.db, project.schema, alias);
    if (!staged) throw updatesRefusal(ctx.user, 'stagedNotFound', { alias });
    const file = await project
      .db()
      .selectFrom('update_files')
      .select(['NAME', 'SIZE', 'TYPE'])
      .where('UPDATE_ID', '=', staged.ID)
      .where('NUMERO', '=', numero)
      .executeTakeFirst();
    if (!file || !needsBytes(file.TYPE)) {
      throw updatesRefusal(ctx.user, 'fileNotFound', { alias, numero });
    }
    const upload = fileChannel()?.upload;
    if (!upload) throw updatesRefusal(ctx.user, 'noFile');
    const name = file.NAME ?? '';
    const declared = Number(file.SIZE ?? 0);
    const key = updateFileKey(project.schema, staged.TEMPDIRECTORY, numero);
    // Not uploaded while its bytes are replaced: a confirm meanwhile waits for them.
    await project
      .db()
      .updateTable('update_files')
      .set({ UPLOADED: false, ...(folder.trim() ? { PATH: folder.trim() } : {}) })
      .where('UPDATE_ID', '=', staged.ID)
      .where('NUMERO', '=', numero)
      .execute();
    try {
      await updateFiles(ctx).put(key, upload.source, {
        check: async (written) => {
          await upload.check();
          if (written.size !== declared) throw new SizeMismatch(written.size);
        },
      });
    } catch (error) {
      if (error instanceof SizeMismatch) {
        throw updatesRefusal(ctx.user, 'sizeMismatch', { name, size: error.size, declared });
      }
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE' || error instanceof UploadTooLarge) {
        throw tooBig(ctx, name);
      }
      throw error;
    }
    await project
      .db()
      .updateTable('update_files')
      .set({ UPLOADED: true })
      .where('UPDATE_ID', '=', staged.ID)
      .where('NUMERO', '=', numero)
      .execute();
    return { alias, numero, name, size: declared };
  },
});

/**
 * downloadUpdateFile {database, version, numero}: a published update's file, its name and
 * size; through `POST /api/updates/download` (download-route.ts) the bytes themselves.
 */
export const downloadUpdateFile = defineOperation({
  name: 'downloadUpdateFile',
  parameter: z.object({ database: databaseSchema, version: numeroSchema, numero: numeroSchema }),
  permission: canReadUpdates,
  async handler({ database, version, numero }, ctx) {
    const project = await requireProject(ctx, database);
    const file = await project
      .db()
      .selectFrom('updates as u')
      .innerJoin('update_files as f', 'f.UPDATE_ID', 'u.ID')
      .select(['u.TEMPDIRECTORY', 'f.NAME', 'f.TYPE'])
      .where('u.VERSION', '=', version)
      .where('u.STATE', '=', 'published')
      .where('f.NUMERO', '=', numero)
      .executeTakeFirst();
    const key =
      file && needsBytes(file.TYPE)
        ? updateFileKey(project.schema, file.TEMPDIRECTORY, numero)
        : null;
    const store = updateFiles(ctx);
    const channel = fileChannel();
    const opened = key && channel ? await store.get(key) : null;
    const found = opened ?? (key ? await store.stat(key) : null);
    if (!file || !found) throw updatesRefusal(ctx.user, 'downloadNotFound', { version, numero });
    if (channel && opened) channel.download = opened;
    return { version, numero, name: file.NAME ?? String(numero), size: found.size };
  },
});
