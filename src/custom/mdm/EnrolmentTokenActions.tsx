import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Tooltip,
} from '@mui/material';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import QRCode from 'qrcode';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import type { EnrolmentDetails } from '../../dataProvider/mdmCalls';

/** Saves a text as a file, as the browser's download. */
function download(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A read-only value with its label, selectable to copy. */
function Value({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      fullWidth
      size="small"
      margin="dense"
      slotProps={{ input: { readOnly: true } }}
    />
  );
}

function EnrolmentDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [details, setDetails] = useState<EnrolmentDetails | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider
      .enrolmentDetails(id)
      .then(async (answer) => {
        if (!live) return;
        setDetails(answer);
        const text = answer.payload ? JSON.stringify(answer.payload) : answer.link;
        const png = await QRCode.toDataURL(text, { errorCorrectionLevel: 'M', width: 320 });
        if (live) setQr(png);
      })
      .catch((failure: Error) => live && setError(failure.message));
    return () => {
      live = false;
    };
  }, [dataProvider, id]);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('mdm.enrolment.title', { name: details?.name ?? '' })}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {qr && (
          <Box sx={{ textAlign: 'center' }}>
            <img
              src={qr}
              width={280}
              height={280}
              alt={translate('mdm.enrolment.qr_alt')}
              style={{ maxWidth: '100%', height: 'auto' }}
            />
          </Box>
        )}
        {details && (
          <>
            <Value label={translate('mdm.enrolment.link')} value={details.link} />
            <Value label={translate('mdm.enrolment.enrol_url')} value={details.enrolUrl} />
            {details.windowsUrl && (
              <Value label={translate('mdm.enrolment.windows_url')} value={details.windowsUrl} />
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {details?.mobileconfig && (
          <Button
            onClick={() =>
              download(
                details.mobileconfig!,
                `flota-${details.id}.mobileconfig`,
                'application/x-apple-aspen-config',
              )
            }
          >
            {translate('mdm.enrolment.mobileconfig')}
          </Button>
        )}
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * An enrolment token's row action (the `mdm-enrolment-tokens` list's `rowActions` slot): its QR
 * (the Android provisioning payload, or the link), the link, the iOS profile to download and the
 * Windows enrolment URL (docs/mdm.md "Enrolment").
 */
export function EnrolmentTokenActions() {
  const record = useRecordContext<{ id: number; name: string }>();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const label = `${translate('mdm.enrolment.open')}: ${record.name}`;
  return (
    <span onClick={(event) => event.stopPropagation()} style={{ whiteSpace: 'nowrap' }}>
      <Tooltip title={translate('mdm.enrolment.open')}>
        <IconButton size="small" aria-label={label} onClick={() => setOpen(true)}>
          <VpnKeyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <EnrolmentDialog id={record.id} onClose={() => setOpen(false)} />}
    </span>
  );
}
