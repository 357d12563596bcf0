import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { ClosableTitle } from '../devices/remote/ClosableTitle';

/** The QR of a generation's download link (createQR, 002 §7), with the link written out. */
export function QrDialog({ name, link, onClose }: { name: string; link: string; onClose(): void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const qr = useQuery({
    queryKey: ['flota', 'createQR', link],
    queryFn: () => dataProvider.createQR(link),
    staleTime: Infinity,
  });
  return (
    <Dialog open onClose={onClose} aria-labelledby="frameworks-qr">
      <ClosableTitle onClose={onClose}>
        <span id="frameworks-qr">{translate('frameworks.qr_title', { name })}</span>
      </ClosableTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('frameworks.qr_text')}</DialogContentText>
        <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 200 }}>
          {qr.isPending && <CircularProgress />}
          {qr.data && (
            <img
              src={qr.data.QRdata}
              alt={translate('frameworks.qr_alt', { name })}
              width={200}
              height={200}
            />
          )}
        </Box>
        {qr.isError && <Alert severity="error">{qr.error.message}</Alert>}
        <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {link}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('frameworks.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
