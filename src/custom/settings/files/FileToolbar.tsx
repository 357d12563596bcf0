import { useRef, useState } from 'react';
import { Button } from '@mui/material';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import { NewFolderDialog } from './NewFolderDialog';
import { useProjectFiles } from './projectFilesContext';

/**
 * The `project-files` list's toolbar slot, for who may write: upload files into the folder shown
 * (one multipart call each), and open a new folder inside it.
 */
export function FileToolbar() {
  const context = useProjectFiles();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [naming, setNaming] = useState(false);
  if (!context?.canWrite) return null;

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setBusy(true);
    try {
      for (const file of Array.from(files)) {
        notify('projectFiles.uploading', { type: 'info', messageArgs: { name: file.name } });
        const stored = await dataProvider.uploadProjectFile(context.database, context.folder, file);
        notify('projectFiles.uploaded', { type: 'success', messageArgs: { name: stored.name } });
      }
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
      refresh();
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<UploadFileIcon />}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {translate('projectFiles.upload')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={translate('projectFiles.upload')}
        onChange={(event) => void upload(event.target.files)}
      />
      <Button size="small" startIcon={<CreateNewFolderIcon />} onClick={() => setNaming(true)}>
        {translate('projectFiles.new_folder')}
      </Button>
      <NewFolderDialog
        open={naming}
        onClose={() => setNaming(false)}
        onName={(name) => {
          setNaming(false);
          context.openFolder(context.folder ? `${context.folder}/${name}` : name);
        }}
      />
    </>
  );
}
