import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import SummarizeIcon from '@mui/icons-material/Summarize';
import VideocamIcon from '@mui/icons-material/Videocam';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { ResourceDefinition } from '../../../../protocol/resource-definition';
import { HELPDESK_FILES } from '../../../../protocol/resources/helpdesk-files';
import { DeviceResourceList } from './DeviceResourceList';
import {
  HelpdeskFilesContext,
  type FileView,
  type HelpdeskFileRecord,
} from './helpdeskFilesContext';
import { ImageDialog } from './ImageDialog';
import { LogViewerDialog } from './LogViewerDialog';
import { useRequestLogs } from './useRequestLogs';

const LiveScreenDialog = lazy(() =>
  import('../../live/LiveScreenDialog').then((module) => ({
    default: module.LiveScreenDialog,
  })),
);

/** The files without their delete verb: offered to who may not delete (no bulk, no row menu). */
const READ_ONLY: ResourceDefinition = {
  ...HELPDESK_FILES,
  verbs: { ...HELPDESK_FILES.verbs, delete: undefined },
};

/**
 * The edit dialog's help-desk tab (001 §2): asking the device for its logs, and its files as the
 * declared list `helpdesk-files`, each viewed (a text log, a screenshot), downloaded or, by who
 * may send commands, deleted after confirmation.
 */
export function HelpdeskTab({
  database,
  mid,
  canCommand,
  owner,
}: {
  database: number;
  mid: string;
  /** The caller may send commands (and delete files): devices.modify write. */
  canCommand: boolean;
  /** The project's name, for the exports. */
  owner: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: [HELPDESK_FILES.name] }),
    [queryClient],
  );
  const { request, waiting } = useRequestLogs(database, mid, refresh);
  const [shown, setShown] = useState<{ view: FileView; file: HelpdeskFileRecord } | null>(null);
  const [watching, setWatching] = useState(false);
  const context = useMemo(
    () => ({
      database,
      canDelete: canCommand,
      open(view: FileView, file: HelpdeskFileRecord) {
        if (view === 'viewDatabase')
          notify('remote.helpdesk.database_unavailable', { type: 'info' });
        else setShown({ view, file });
      },
    }),
    [database, canCommand, notify],
  );
  const opened = (view: FileView) => (shown?.view === view ? shown.file : null);

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
        <Button size="small" startIcon={<RefreshIcon />} onClick={refresh}>
          {translate('remote.helpdesk.refresh')}
        </Button>
        <Button size="small" startIcon={<VideocamIcon />} onClick={() => setWatching(true)}>
          {translate('live.watch')}
        </Button>
        {waiting && (
          <Typography variant="body2" role="status">
            {translate('remote.helpdesk.requesting')}
          </Typography>
        )}
      </Stack>
      {waiting && <LinearProgress sx={{ mt: 1 }} />}
      <HelpdeskFilesContext.Provider value={context}>
        <DeviceResourceList
          definition={canCommand ? HELPDESK_FILES : READ_ONLY}
          database={database}
          mid={mid}
          owner={owner}
        />
      </HelpdeskFilesContext.Provider>
      <LogViewerDialog
        database={database}
        mid={mid}
        file={opened('viewLog')?.fullpath ?? null}
        onClose={() => setShown(null)}
      />
      <ImageDialog
        database={database}
        mid={mid}
        file={opened('viewImage')?.fullpath ?? null}
        onClose={() => setShown(null)}
      />
      {watching && (
        <Suspense fallback={null}>
          <LiveScreenDialog database={database} mid={mid} onClose={() => setWatching(false)} />
        </Suspense>
      )}
    </Box>
  );
}
