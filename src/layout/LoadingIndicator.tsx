import { CircularProgress, IconButton } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useLoading, useRefresh, useTranslate } from 'react-admin';
import { Hint } from './Hint';

/**
 * react-admin's indicator: a refresh button, a spinner in its place while data loads. The
 * spinner is named (axe: a progressbar needs a name).
 */
export function LoadingIndicator() {
  const translate = useTranslate();
  const loading = useLoading();
  const refresh = useRefresh();
  const label = translate('ra.action.refresh');
  return (
    <div style={{ position: 'relative' }}>
      <Hint title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          onClick={() => refresh()}
          sx={{ opacity: loading ? 0 : 1 }}
        >
          <RefreshIcon />
        </IconButton>
      </Hint>
      {loading && (
        <CircularProgress
          className="app-loader"
          aria-label={translate('ra.page.loading')}
          color="inherit"
          size={16}
          thickness={6}
          sx={{ position: 'absolute', top: '30%', left: '30%' }}
        />
      )}
    </div>
  );
}
