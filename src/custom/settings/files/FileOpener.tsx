import { useEffect } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { EditorProps } from '../../../resources/slots';
import { useProjectFiles, type ProjectFileRecord } from './projectFilesContext';

/**
 * The `project-files` list's editor slot: what opening a row does, as in a file manager. A
 * folder is entered, a file downloaded; nothing is drawn.
 */
export function FileOpener({ target, onClose }: EditorProps) {
  const context = useProjectFiles();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  useEffect(() => {
    if (!target || target === 'create' || !context) return;
    const row = target as unknown as ProjectFileRecord;
    if (row.kind === 'folder') context.openFolder(row.path);
    else
      dataProvider
        .downloadProjectFile(context.database, row.path)
        .catch((error: Error) => notify(error.message, { type: 'error' }));
    onClose();
  }, [target, context, dataProvider, notify, onClose]);
  return null;
}
