import { createContext, useContext } from 'react';

/** A help-desk file as the declared list `helpdesk-files` answers it (its key `id`). */
export interface HelpdeskFileRecord {
  id: string;
  mid: string;
  list: string;
  name: string;
  date: string;
  size: number;
  fullpath: string;
  screenshot: boolean;
}

/** How a file is looked at: a text log, a screenshot, or a database (not viewable yet). */
export type FileView = 'viewLog' | 'viewImage' | 'viewDatabase';

export function viewOf(file: Pick<HelpdeskFileRecord, 'list' | 'screenshot'>): FileView {
  if (file.screenshot) return 'viewImage';
  if (file.list === 'database') return 'viewDatabase';
  return 'viewLog';
}

/**
 * What the help-desk tab gives its list's row actions (src/resources/slots.ts): the project, and
 * whether the caller may delete files (devices.modify write), and where a file is opened.
 */
export interface HelpdeskFilesContextValue {
  database: number;
  canDelete: boolean;
  open(view: FileView, file: HelpdeskFileRecord): void;
}

export const HelpdeskFilesContext = createContext<HelpdeskFilesContextValue | null>(null);

export const useHelpdeskFiles = () => useContext(HelpdeskFilesContext);
