import { createContext, useContext } from 'react';

/** A row of the declared list `project-files` (its key `id` is the path from the root). */
export interface ProjectFileRecord {
  id: string;
  path: string;
  name: string;
  kind: 'folder' | 'file';
  size: number;
  modified: string;
  files: number;
}

/**
 * What the file browser tab gives its list's slots (src/resources/slots.ts): the project, the
 * folder shown and a way to open another, and whether the caller may upload and delete.
 */
export interface ProjectFilesContextValue {
  database: number;
  folder: string;
  openFolder(path: string): void;
  canWrite: boolean;
}

export const ProjectFilesContext = createContext<ProjectFilesContextValue | null>(null);

export function useProjectFiles(): ProjectFilesContextValue | null {
  return useContext(ProjectFilesContext);
}

/** A folder name as the server takes it (server/helpdesk/paths.ts FILE_NAME). */
export const FOLDER_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
