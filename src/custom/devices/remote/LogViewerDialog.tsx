import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  LinearProgress,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import { ClosableTitle, type HelpdeskFileDialogProps } from './ClosableTitle';
import type { LogFilter } from '../../../dataProvider/remoteCalls';
import { inflateLog } from './inflate';

export const LOG_FILTERS: readonly LogFilter[] = [
  'errors',
  'replicator',
  'live',
  'frame',
  'script',
];
/** 001 §9: text filter debounce 200 ms. */
const DEBOUNCE_MS = 200;

/**
 * A text log (001 §2 Helpdesk tab, §9 log viewer filters): the server selects the lines of the
 * filters (any of them) containing the free text; the answer is inflated here.
 */
export function LogViewerDialog({ database, mid, file, onClose }: HelpdeskFileDialogProps) {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={file !== null} onClose={onClose} fullWidth maxWidth="lg" fullScreen={fullScreen}>
      <ClosableTitle onClose={onClose}>
        {translate('remote.viewer.title', { name: file ?? '' })}
      </ClosableTitle>
      {file && <LogViewer database={database} mid={mid} file={file} />}
    </Dialog>
  );
}

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function LogViewer({ database, mid, file }: { database: number; mid: string; file: string }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [filters, setFilters] = useState<LogFilter[]>([]);
  const [text, setText] = useState('');
  const settledText = useDebounced(text, DEBOUNCE_MS);
  const view = useQuery({
    queryKey: ['flota', 'viewLog', database, mid, file, filters, settledText],
    queryFn: async ({ signal }) => {
      const answer = await dataProvider.viewLog(database, mid, file, filters, settledText, signal);
      const content = answer.compress ? await inflateLog(answer.stText) : answer.stText;
      return { ...answer, content };
    },
    placeholderData: (previous) => previous,
    retry: false,
  });
  return (
    <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <ToggleButtonGroup
          size="small"
          value={filters}
          aria-label={translate('remote.viewer.filters')}
          onChange={(_event, next: LogFilter[]) => setFilters(next)}
          sx={{ flexWrap: 'wrap' }}
        >
          {LOG_FILTERS.map((filter) => (
            <ToggleButton key={filter} value={filter}>
              {translate(`remote.viewer.${filter}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <TextField
          size="small"
          label={translate('remote.viewer.text')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
      </Stack>
      {view.isFetching && <LinearProgress />}
      {view.error && <Alert severity="error">{view.error.message}</Alert>}
      {view.data && (
        <>
          <Typography variant="caption" role="status">
            {translate('remote.viewer.lines', {
              lines: view.data.lines,
              total: view.data.totalLines,
            })}
          </Typography>
          {view.data.truncated && (
            <Alert severity="warning">{translate('remote.viewer.truncated')}</Alert>
          )}
          <Box
            component="pre"
            aria-label={translate('remote.viewer.title', { name: file })}
            sx={{
              m: 0,
              p: 1,
              flex: 1,
              minHeight: 200,
              maxHeight: { sm: '60vh' },
              overflow: 'auto',
              fontFamily: 'monospace',
              fontSize: 12,
              bgcolor: 'action.hover',
              whiteSpace: 'pre',
            }}
          >
            {view.data.content || translate('remote.viewer.empty')}
          </Box>
        </>
      )}
    </DialogContent>
  );
}
