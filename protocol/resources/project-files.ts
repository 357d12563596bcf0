import { defineResource, type VerbPermission, DEFAULT_PER_PAGE } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

/** The multipart upload of one file (server/project-files/routes.ts). */
export const PROJECT_FILES_UPLOAD_PATH = '/api/projects/files';
/** `{database, path}`: the file as an attachment. */
export const PROJECT_FILES_DOWNLOAD_PATH = '/api/projects/files/download';

export const PROJECT_FILES_SHOW: VerbPermission = { node: 'settings.filebrowser', mode: 'show' };
export const PROJECT_FILES_WRITE: VerbPermission = { node: 'settings.filebrowser', mode: 'write' };

export const PROJECT_FILE_KINDS: FieldChoice[] = [
  { code: 'folder', label: { es: 'Carpeta', en: 'Folder' } },
  { code: 'file', label: { es: 'Archivo', en: 'File' } },
];

const list = { permission: PROJECT_FILES_SHOW, call: { operation: 'projectFiles' } };

/**
 * The project's own files on the server (000 §2 /app/setting, tab fileBrowser): one folder at a
 * time (the list's fixed filter `{folder}`), folders first, each row opened (a folder), downloaded
 * or deleted after a confirmation that names it; uploads in the toolbar. The key is the path from
 * the project's root, which every call takes.
 */
export const PROJECT_FILES = defineResource({
  name: 'project-files',
  title: {
    one: { es: 'Archivo del proyecto', en: 'Project file' },
    many: { es: 'Archivos del proyecto', en: 'Project files' },
  },
  path: '/app/setting/fileBrowser',
  embedded: true,
  scope: 'project',
  node: 'settings.filebrowser',
  key: 'id',
  labelField: 'name',
  sort: { field: 'name', order: 'ASC' },
  perPage: DEFAULT_PER_PAGE,
  search: { es: 'Buscar en esta carpeta', en: 'Search this folder' },
  fields: [
    field('name', 'text', { label: { es: 'Nombre', en: 'Name' }, filter: false }),
    field('kind', 'choice', {
      label: { es: 'Tipo', en: 'Type' },
      choices: PROJECT_FILE_KINDS,
      filter: false,
    }),
    field('size', 'int', { label: { es: 'Tamaño (bytes)', en: 'Size (bytes)' }, filter: false }),
    field('modified', 'datetime', {
      label: { es: 'Modificado', en: 'Modified' },
      filter: false,
    }),
    field('files', 'int', { label: { es: 'Archivos', en: 'Files' }, filter: false }),
    field('path', 'text', {
      label: { es: 'Ruta', en: 'Path' },
      list: false,
      filter: false,
      sort: false,
    }),
  ],
  verbs: {
    list,
    export: list,
    // Opening a row (a folder entered, a file downloaded: the console's `editor` slot).
    show: {
      permission: PROJECT_FILES_SHOW,
      call: { operation: 'downloadProjectFile', id: 'path' },
    },
    delete: {
      permission: PROJECT_FILES_WRITE,
      call: { operation: 'deleteProjectFile', id: 'path' },
    },
  },
});
