import {
  PROJECT_FILES_DOWNLOAD_PATH,
  PROJECT_FILES_UPLOAD_PATH,
} from '../../protocol/resources/project-files';
import { authorizedPostOf, resultOf, type CallService } from './callService';
import { attachmentName, saveBlob } from './remoteCalls';

/** A stored project file as the server answers its upload. */
export interface UploadedProjectFile {
  path: string;
  name: string;
  size: number;
}

/** The file browser's calls beyond its declared resource's (server/project-files/routes.ts). */
export function projectFileCalls(callService: CallService) {
  const post = authorizedPostOf(callService);
  return {
    /** One file into a folder, as multipart: the fields first, then the file. */
    uploadProjectFile: async (
      database: number,
      folder: string,
      file: File,
    ): Promise<UploadedProjectFile> => {
      if (!post) throw new Error('upload needs the service client');
      const form = new FormData();
      form.append('database', String(database));
      form.append('folder', folder);
      form.append('file', file, file.name);
      return resultOf<UploadedProjectFile>(await post(PROJECT_FILES_UPLOAD_PATH, form));
    },
    /** The file as an attachment, saved by the browser under the server's name. */
    downloadProjectFile: async (database: number, path: string) => {
      if (!post) throw new Error('download needs the service client');
      const response = await post(PROJECT_FILES_DOWNLOAD_PATH, { database, path });
      // Refusals are envelopes: resultOf turns them into the HttpError with the description.
      if (!response.ok) await resultOf(response);
      const blob = await response.blob();
      const fallback = path.split('/').pop() ?? path;
      saveBlob(blob, attachmentName(response.headers.get('Content-Disposition'), fallback));
      return blob.size;
    },
  };
}

export type ProjectFileCalls = ReturnType<typeof projectFileCalls>;
