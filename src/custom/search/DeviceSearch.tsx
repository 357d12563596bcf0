import { lazy, Suspense, useState } from 'react';
import { Alert, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { SearchRow } from '../../dataProvider';
import { SearchFilters } from './SearchFilters';
import { SearchTable } from './SearchTable';
import { SEARCH_WINDOW, useDeviceSearch } from './useDeviceSearch';

// The dialog is large and only needed once a row is opened.
const DeviceEditDialog = lazy(() =>
  import('../../resources/devices/edit/DeviceEditDialog').then((module) => ({
    default: module.DeviceEditDialog,
  })),
);

/**
 * `/app/server/search` (001 "Global device search"): devices of every project the caller may
 * read, found by MID or owner and platform; a row opens the device edit dialog.
 */
export default function DeviceSearch() {
  const translate = useTranslate();
  const locale = useLocale();
  const search = useDeviceSearch();
  const { data, error, isPending, isPlaceholderData, refetch } = search.query;
  // Kept after closing so the dialog keeps its device while it animates out.
  const [opened, setOpened] = useState<SearchRow | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const count = (key: string, n: number) =>
    translate(key, { smart_count: n, count: n.toLocaleString(locale) });

  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 0 }}>
      <Typography variant="h5" component="h1">
        {translate('menu.search')}
      </Typography>
      <SearchFilters
        text={search.text}
        onText={search.setText}
        platform={search.platform}
        onPlatform={search.setPlatform}
      />
      {/* Polled answers are not reported as toasts: a failing poll would raise one a second. */}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && (
        <Typography color="text.secondary" role="status">
          {translate('search.summary', {
            devices: count('search.devices', Number(data.total)),
            projects: count('search.projects', Number(data.projects)),
          })}
        </Typography>
      )}
      {data && Number(data.projects) === 0 && (
        <Alert severity="info">{translate('project.none')}</Alert>
      )}
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        {(isPending || isPlaceholderData) && <LinearProgress />}
        {data && data.data.length === 0 && (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {translate('search.empty')}
          </Typography>
        )}
        {data && data.data.length > 0 && (
          <SearchTable
            rows={data.data}
            total={Number(data.total)}
            search={search}
            onOpen={(row) => {
              setOpened(row);
              setDialogOpen(true);
            }}
          />
        )}
      </Paper>
      {data && Number(data.total) > SEARCH_WINDOW && (
        <Alert severity="info">{count('search.window', SEARCH_WINDOW)}</Alert>
      )}
      {opened && (
        <Suspense fallback={null}>
          <DeviceEditDialog
            database={opened.database}
            deviceId={opened.ID}
            open={dialogOpen}
            onClose={(saved) => {
              setDialogOpen(false);
              if (saved) void refetch();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
