import { Alert, Box, Button, DialogActions, DialogContent, TextField } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';
import { tokenEndpoint } from '../../config';

interface ClientSecretProps {
  clientid: string;
  secret: string;
  onDone(): void;
}

/** What an API client needs, shown once after its creation: its id, its secret, where to ask. */
export function ClientSecret({ clientid, secret, onDone }: ClientSecretProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = (value: string) =>
    navigator.clipboard
      ?.writeText(value)
      .then(() => notify('security.copied', { type: 'info' }))
      .catch(() => undefined);
  const rows: [string, string][] = [
    ['security.client_id', clientid],
    ['security.secret', secret],
    ['security.token_url', tokenEndpoint()],
  ];
  return (
    <>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('security.secret_once')}
        </Alert>
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Box key={label} sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5 }}>
              <TextField
                label={translate(label)}
                value={value}
                fullWidth
                size="small"
                slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': label } }}
              />
              <Button
                aria-label={`${translate('security.copy')}: ${translate(label)}`}
                onClick={() => copy(value)}
                sx={{ minWidth: 0 }}
              >
                <ContentCopyIcon fontSize="small" />
              </Button>
            </Box>
          ))}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onDone}>
          {translate('security.done')}
        </Button>
      </DialogActions>
    </>
  );
}
