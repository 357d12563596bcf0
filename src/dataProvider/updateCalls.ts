import {
  UPDATE_DOWNLOAD_PATH,
  UPDATE_UPLOAD_PATH,
  type DeviceUpdateRow,
  type PublishPayload,
  type UpdateFile,
  type UpdateFileEntry,
  type UpdateListResponse,
  type UploadPublishResult,
} from '../../protocol/updates';
import type { Page } from '../../protocol/paging';
import { authorizedPostOf, authorizedUploadOf, resultOf, type CallService } from './callService';
import { attachmentName, saveBlob } from './remoteCalls';

/** One page of an updates panel (000 §4: 1 totals, 2 pending, 3 confirmed). */
export interface UpdatesQuery {
  panel: number;
  groupBy: 'mid' | 'version';
  start: number;
  /** Rows a page; the tables' "all" asks for pages of MAX_PAGE_LENGTH (protocol/paging.ts). */
  length: number;
}

/** The update publishing calls (000 §7, 001 §7; the shapes are protocol/updates.ts). */
export function updateCalls(callService: CallService) {
  const post = authorizedPostOf(callService);
  const upload = authorizedUploadOf(callService);
  return {
    updatesList: (database: number, query: UpdatesQuery, signal?: AbortSignal) =>
      callService<UpdateListResponse>(
        'updatesList',
        {
          database,
          panel: query.panel,
          groupBy: query.groupBy,
          datatable: { start: query.start, length: query.length },
        },
        signal,
      ),
    /** The files of an update, by its full version (000 §7 filesForUpdate). */
    filesForUpdate: (database: number, versionCompleta: string, signal?: AbortSignal) =>
      callService<UpdateFile[]>('filesForUpdate', { database, filter: versionCompleta }, signal),
    /** Step 1: the structure, staged; answers its folder and the files to upload. */
    uploadPublish: (database: number, files: UpdateFileEntry[]) =>
      callService<UploadPublishResult>('uploadPublish', { database, filter: files }),
    /** Step 2, one file: multipart with alias (the folder id), folder (its path) and numero. */
    uploadUpdateFile: async (
      database: number,
      fields: { alias: string; folder: string; numero: number },
      file: File,
      onProgress: (sent: number, total: number) => void,
      signal?: AbortSignal,
    ) => {
      if (!upload) throw new Error('upload needs the service client');
      const form = new FormData();
      form.append('database', String(database));
      form.append('alias', fields.alias);
      form.append('folder', fields.folder);
      form.append('numero', String(fields.numero));
      form.append('file', file, file.name);
      return resultOf<unknown>(await upload(UPDATE_UPLOAD_PATH, form, onProgress, signal));
    },
    /** How many devices an update would reach if published now (the publish's own targeting). */
    countUpdateTargets: (
      database: number,
      target: Pick<PublishPayload, 'Type' | 'lstMID' | 'Platform'>,
      signal?: AbortSignal,
    ) =>
      callService<{ devices: number }>('countUpdateTargets', { database, filter: target }, signal),
    /** Step 3: publishes the staged update to its devices. */
    uploadConfirm: (database: number, payload: PublishPayload) =>
      callService<{ version: number; versionCompleta: string; devices?: number }>('uploadConfirm', {
        database,
        filter: payload,
      }),
    /** The project's groups for a groups update (002 §7 admgroups 'groups'), by name. */
    updateGroups: (database: number, q: string, start: number, signal?: AbortSignal) =>
      callService<Page<{ ID: number; NAME: string; PLATFORM: string | null }>>(
        'admgroups',
        { database, oper: 'groups', filter: q ? { q } : {}, datatable: { start, length: 20 } },
        signal,
      ),
    /** The device edit dialog's Updates tab (001 §7 deviceData 'updates'): a page of its rows. */
    deviceUpdates: (
      database: number,
      mid: string,
      page: { start: number; length: number },
      signal?: AbortSignal,
    ) =>
      callService<Page<DeviceUpdateRow>>(
        'deviceData',
        { database, mid, data: 'updates', datatable: { ...page, orderDir: 'desc' } },
        signal,
      ),
    markToDownloaded: (database: number, version: number, MID: string) =>
      callService<unknown>('markToDownloaded', { database, filter: { version, MID } }),
    cleanUpdatesForMID: (database: number, mid: string) =>
      callService<unknown>('cleanUpdatesForMID', { database, filter: mid }),
    resetUpdatesForMID: (database: number, mid: string) =>
      callService<unknown>('resetUpdatesForMID', { database, filter: mid }),
    /** One file of an update, saved by the browser under the server's name. */
    downloadUpdateFile: async (database: number, version: number, numero: number) => {
      if (!post) throw new Error('download needs the service client');
      const response = await post(UPDATE_DOWNLOAD_PATH, { database, version, numero });
      if (!response.ok) await resultOf(response);
      const blob = await response.blob();
      const fallback = `update-${version}-${numero}`;
      saveBlob(blob, attachmentName(response.headers.get('Content-Disposition'), fallback));
      return blob.size;
    },
  };
}

export type UpdateCalls = ReturnType<typeof updateCalls>;
