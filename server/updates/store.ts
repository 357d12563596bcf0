import crypto from 'node:crypto';
import { sql } from 'kysely';
import {
  APP_PATH,
  UPDATE_FILE_BYTES_MAX,
  UPDATE_FILES_MAX,
  type UpdateFileEntry,
  type UpdateFileType,
  type UploadPublishResult,
} from '../../protocol/updates';
import type { Db } from '../db/database';
import { projectDb } from '../db/project-schema';
import { fileStore, type FileStore } from '../files/index';
import type { ProjectAccess } from '../services/projects/access';
import type { OperationContext } from '../services/registry';
import { updatesRefusal } from './texts';

/** A staged update not confirmed within this long is swept with its files. */
export const STAGED_TTL_HOURS = 24;

/** Entries whose bytes the console uploads (copy, sql); the others travel in the row. */
export function needsBytes(type: UpdateFileType): boolean {
  return type === 'copy' || type === 'sql';
}

/** The folder of an update's files in the FileStore, shared by every node (FILE_STORE). */
export function updateFolder(schema: string, tempDirectory: string): string {
  return `updates/${schema}/${tempDirectory}`;
}

/** The FileStore key of one file of an update. */
export function updateFileKey(schema: string, tempDirectory: string, numero: number): string {
  return `${updateFolder(schema, tempDirectory)}/${numero}`;
}

export const updateFiles = (ctx: Pick<OperationContext, 'config' | 'db'>): FileStore =>
  fileStore(ctx.config, ctx.db);

/** 000 §5 and Flota's limits on one entry, or the refusal that names it. */
function checkEntry(ctx: OperationContext, entry: UpdateFileEntry) {
  const name = entry.name.trim();
  if (entry.type === 'sqlDirect') {
    if (!entry.sql?.trim()) throw updatesRefusal(ctx.user, 'noSql', { name: name || 'SQL' });
    return;
  }
  if (!name) throw updatesRefusal(ctx.user, 'noFileName');
  if (needsBytes(entry.type) && entry.size > UPDATE_FILE_BYTES_MAX) {
    throw updatesRefusal(ctx.user, 'tooBig', { name, mb: UPDATE_FILE_BYTES_MAX / 1024 / 1024 });
  }
}

/**
 * Removes the staged updates older than STAGED_TTL_HOURS, and then their files: an update
 * abandoned between the steps leaves nothing behind for long (docs/updates.md, "Sweeping").
 */
export async function sweepStaged(ctx: OperationContext, project: ProjectAccess): Promise<number> {
  const gone = await project
    .db()
    .deleteFrom('updates')
    .where('STATE', '=', 'staged')
    .where('CREATED', '<', sql<Date>`now() - make_interval(hours => ${STAGED_TTL_HOURS})`)
    .returning('TEMPDIRECTORY')
    .execute();
  const files = updateFiles(ctx);
  for (const { TEMPDIRECTORY } of gone) {
    await files.deletePrefix(`${updateFolder(project.schema, TEMPDIRECTORY)}/`);
  }
  return gone.length;
}

/**
 * uploadPublish's first step (000 §4 "Publish flow"): the entries checked, a staged update with
 * a fresh TempDirectory and its update_files numbered from 1, and the entries still to upload.
 * Nothing reaches a device until uploadConfirm publishes it.
 */
export async function stageUpdate(
  ctx: OperationContext,
  project: ProjectAccess,
  entries: UpdateFileEntry[],
): Promise<UploadPublishResult> {
  if (entries.length === 0) throw updatesRefusal(ctx.user, 'noFiles');
  if (entries.length > UPDATE_FILES_MAX) {
    throw updatesRefusal(ctx.user, 'tooManyFiles', { max: UPDATE_FILES_MAX });
  }
  for (const entry of entries) checkEntry(ctx, entry);
  await sweepStaged(ctx, project);
  const tempDirectory = crypto.randomUUID();
  await ctx.db.transaction().execute(async (trx) => {
    const db = project.db(trx);
    const { ID } = await db
      .insertInto('updates')
      .values({
        TIPO: -1,
        TEMPDIRECTORY: tempDirectory,
        STATE: 'staged',
        CREATEDBY: ctx.user.login,
      })
      .returning('ID')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('update_files')
      .values(
        entries.map((entry, index) => ({
          UPDATE_ID: ID,
          NUMERO: index + 1,
          TYPE: entry.type,
          NAME: entry.name.trim() || (entry.type === 'sqlDirect' ? 'SQL' : ''),
          PATH: entry.path.trim() || APP_PATH,
          SIZE: needsBytes(entry.type) ? entry.size : 0,
          SQLTEXT: entry.type === 'sqlDirect' ? (entry.sql ?? '') : null,
          REGISTER: entry.register,
          EXECUTE: entry.execute,
          // Entries without bytes are complete as they are.
          UPLOADED: !needsBytes(entry.type),
        })),
      )
      .execute();
  });
  return {
    TempDirectory: tempDirectory,
    uploads: entries.flatMap((entry, index) =>
      needsBytes(entry.type) ? [{ index, numero: index + 1, name: entry.name.trim() }] : [],
    ),
  };
}

/** A staged update by its TempDirectory, or null (published, swept or never staged). */
export async function findStaged(db: Db, schema: string, alias: string) {
  if (!/^[0-9a-f-]{36}$/i.test(alias)) return null;
  const row = await projectDb(db, schema)
    .selectFrom('updates')
    .select(['ID', 'TEMPDIRECTORY'])
    .where('TEMPDIRECTORY', '=', alias)
    .where('STATE', '=', 'staged')
    .where('CREATED', '>=', sql<Date>`now() - make_interval(hours => ${STAGED_TTL_HOURS})`)
    .executeTakeFirst();
  return row ?? null;
}
