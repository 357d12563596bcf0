import type { ResourceSlots } from '../../../resources/slots';
import { FileOpener } from './FileOpener';
import { FileRowActions } from './FileRowActions';
import { FileToolbar } from './FileToolbar';

/** The file browser's parts of the `project-files` list (src/resources/slots.ts). */
export const PROJECT_FILE_SLOTS: ResourceSlots = {
  rowActions: FileRowActions,
  toolbar: FileToolbar,
  editor: FileOpener,
  // An empty folder keeps its toolbar: upload and new folder are what it needs.
  empty: false,
};
