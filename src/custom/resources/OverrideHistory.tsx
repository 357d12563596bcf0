import { Button, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useDataProvider, useLocale, useNotify, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import type { OverrideHistoryRow, OverrideScopeRequest } from '../../dataProvider/overrideCalls';
import { formatDateTime } from '../../i18n/formats';

const PAGE = 10;

interface HistoryProps {
  request: OverrideScopeRequest;
  onRestored(message: string, version: number): Promise<void>;
}

/** A scope's versions, newest first, ten at a time; any of them can be saved again as the newest. */
export function OverrideHistory({ request, onRestored }: HistoryProps) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const [length, setLength] = useState(PAGE);
  const [restoring, setRestoring] = useState<OverrideHistoryRow | null>(null);
  const history = useQuery({
    queryKey: ['flota', 'overrideHistory', request, length],
    queryFn: ({ signal }) => dataProvider.overrideHistory(request, { start: 0, length }, signal),
  });
  const rows = history.data?.data ?? [];
  const what = (row: OverrideHistoryRow) =>
    row.removed
      ? translate('customise.history_removed')
      : row.revertedFrom !== null
        ? translate('customise.history_restored', { version: row.revertedFrom })
        : '';
  const restore = async () => {
    if (!restoring) return;
    try {
      const { version } = await dataProvider.revertOverride(request, restoring.version);
      await onRestored('customise.restored', version);
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setRestoring(null);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" component="h2">
        {translate('customise.history')}
      </Typography>
      {history.isSuccess && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('customise.history_empty')}
        </Typography>
      )}
      <List dense aria-label={translate('customise.history')}>
        {rows.map((row, index) => (
          <ListItem
            key={row.version}
            divider
            secondaryAction={
              index > 0 && (
                <Button size="small" onClick={() => setRestoring(row)}>
                  {translate('customise.restore')}
                </Button>
              )
            }
          >
            <ListItemText
              primary={translate('customise.history_saved', {
                version: row.version,
                login: row.login ?? '',
                date: formatDateTime(row.savedAt, language),
              })}
              secondary={what(row)}
              sx={{ pr: 10 }}
            />
          </ListItem>
        ))}
      </List>
      {history.data && history.data.total > rows.length && (
        <Button size="small" onClick={() => setLength((shown) => Math.min(shown + PAGE, 100))}>
          {translate('customise.more')}
        </Button>
      )}
      <Confirm
        isOpen={restoring !== null}
        title={translate('customise.restore_title', { version: restoring?.version ?? '' })}
        content={translate('customise.restore_content', { version: restoring?.version ?? '' })}
        onConfirm={restore}
        onClose={() => setRestoring(null)}
      />
    </Paper>
  );
}
