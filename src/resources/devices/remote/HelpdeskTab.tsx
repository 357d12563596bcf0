import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import SummarizeIcon from '@mui/icons-material/Summarize';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import { HELPDESK_KINDS, type HelpdeskFileRow } from '../../../dataProvider/remoteCalls';
import { HelpdeskFileTable, type FileAction } from './HelpdeskFileTable';
import { ImageDialog } from './ImageDialog';
import { LogViewerDialog } from './LogViewerDialog';
import { useRequestLogs } from './useRequestLogs';

export const HELPDESK_KEY = ['flota', 'helpdesk'] as const;

/**
 * The edit dialog's help-desk tab (001 §2): the five file lists; download, delete after
 * confirmation, view as text log or image; and asking the device for its logs.
 */
export function HelpdeskTab({
  database,
  mid,
  canCommand,
}: {
  database: number;
  mid: string;
  /** The caller may send commands (and delete files): devices.modify write. */
  canCommand: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const lists = useQuery({
    queryKey: [...HELPDESK_KEY, database, mid],
    queryFn: ({ signal }) => dataProvider.helpdeskFiles(database, mid, signal),
  });
  const [logFile, setLogFile] = useState<string | null>(null);
  const [imageFile, setImageFile] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<HelpdeskFileRow | null>(null);
  const { request, waiting } = useRequestLogs(database, mid, lists.data, lists.refetch);
  const onError = (error: Error) =>
    notify(error.message, { type: 'error', messageArgs: { _: error.message } });
  const remove = useMutation({
    mutationFn: (file: HelpdeskFileRow) =>
      dataProvider.deleteHelpdeskFile(database, mid, file.fullpath),
    onSuccess: () => {
      notify('remote.helpdesk.deleted', { type: 'success' });
      setToDelete(null);
      void lists.refetch();
    },
    onError,
  });

  const onAction = (action: FileAction, file: HelpdeskFileRow) => {
    switch (action) {
      case 'viewLog':
        return setLogFile(file.fullpath);
      case 'viewImage':
        return setImageFile(file.fullpath);
      case 'viewDatabase':
        return notify('remote.helpdesk.database_unavailable', { type: 'info' });
      case 'delete':
        return setToDelete(file);
      case 'download':
        return dataProvider.downloadHelpdeskFile(database, mid, file.fullpath).catch(onError);
    }
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        {canCommand && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<SummarizeIcon />}
            disabled={waiting}
            onClick={() => void request()}
          >
            {translate('remote.helpdesk.request_logs')}
          </Button>
        )}
        <Button size="small" startIcon={<RefreshIcon />} onClick={() => void lists.refetch()}>
          {translate('remote.helpdesk.refresh')}
        </Button>
        {waiting && (
          <Typography variant="body2" role="status">
            {translate('remote.helpdesk.requesting')}
          </Typography>
        )}
      </Stack>
      {(lists.isFetching || waiting) && <LinearProgress sx={{ mt: 1 }} />}
      {lists.error && <Alert severity="error">{lists.error.message}</Alert>}
      {lists.data &&
        HELPDESK_KINDS.map((kind) => (
          <HelpdeskFileTable
            key={kind}
            kind={kind}
            files={lists.data[kind] ?? []}
            canDelete={canCommand}
            onAction={onAction}
          />
        ))}
      <LogViewerDialog
        database={database}
        mid={mid}
        file={logFile}
        onClose={() => setLogFile(null)}
      />
      <ImageDialog
        database={database}
        mid={mid}
        file={imageFile}
        onClose={() => setImageFile(null)}
      />
      <Confirm
        isOpen={toDelete !== null}
        loading={remove.isPending}
        title="remote.helpdesk.confirm_delete_title"
        content="remote.helpdesk.confirm_delete"
        translateOptions={{ name: toDelete?.name ?? '' }}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </Box>
  );
}
