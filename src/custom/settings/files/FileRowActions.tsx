import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { useDataProvider, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { PROJECT_FILES } from '../../../../protocol/resources/project-files';
import { RowIconAction } from '../../../resources/factory/RowIconAction';
import type { FlotaDataProvider } from '../../../dataProvider';
import { DeleteConfirm } from '../../../resources/factory/DeleteConfirm';
import { useProjectFiles, type ProjectFileRecord } from './projectFilesContext';

/**
 * A row's own actions, the `project-files` list's row actions slot: open a folder or download a
 * file, and, for who may write, delete it after the confirmation that names it.
 */
export function FileRowActions() {
  const record = useRecordContext<ProjectFileRecord>();
  const context = useProjectFiles();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [deleting, setDeleting] = useState(false);
  if (!record || !context) return null;
  const label = (key: string) => translate(`projectFiles.${key}`, { name: record.name });
  const download = () =>
    dataProvider
      .downloadProjectFile(context.database, record.path)
      .catch((error: Error) => notify(error.message, { type: 'error' }));
  return (
    // The row opens on a click: clicks here (the dialog's too) stay here.
    <span onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
      {record.kind === 'folder' ? (
        <RowIconAction
          label={label('open')}
          Icon={FolderOpenIcon}
          onClick={() => context.openFolder(record.path)}
        />
      ) : (
        <RowIconAction label={label('download')} Icon={DownloadIcon} onClick={download} />
      )}
      {context.canWrite && (
        <RowIconAction
          label={label('delete')}
          Icon={DeleteIcon}
          onClick={() => setDeleting(true)}
        />
      )}
      <DeleteConfirm
        definition={PROJECT_FILES}
        records={[record as unknown as Record<string, unknown>]}
        ids={[record.id]}
        open={deleting}
        database={context.database}
        onClose={() => setDeleting(false)}
      />
    </span>
  );
}
