import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  LinearProgress,
  MenuItem,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { KIOSK_QR_SIZE } from '../../../protocol/kiosk';
import { DEFAULT_QR_ZOOM } from '../../../protocol/resources/kiosk-profiles';
import type { FlotaDataProvider } from '../../dataProvider';
import { ClosableTitle } from '../devices/remote/ClosableTitle';
import { errorText, useCanChangeKiosk, useKioskProjects } from './premiumData';

interface QrConfig {
  QRdata: string;
  QRtext: string;
  QRZoom: number;
  level: string;
  type: string;
  /** ZEBRA: the label for a Zebra printer, in ZPL. */
  ZPL?: string;
}

/** 002 §9: the image is shown at 1.5 times the zoom percent of its 400 × 400 pixels. */
const shownWidth = (zoom: number) => Math.round((KIOSK_QR_SIZE * zoom * 1.5) / 100);

/**
 * The profile's QR configuration (002 §2 "QR configuration"): the enrolment QR (getConfigQR,
 * 400 × 400 PNG) of the project chosen, its correction level (getFormatQR's M, L, H, Q), its zoom
 * (UpdateConfigQR), its type (QRCode: the PNG downloadable; ZEBRA: the same code as a Zebra
 * printer's ZPL label, downloadable as .zpl, previewed by the same image) and what it holds
 * (docs/kiosk.md).
 */
export function QrDialog({ profile, onClose }: { profile: RaRecord | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const canChange = useCanChangeKiosk();
  const projects = useKioskProjects();
  const [level, setLevel] = useState('M');
  const [type, setType] = useState('QRCode');
  const [database, setDatabase] = useState<number | ''>('');
  const [zoom, setZoom] = useState(DEFAULT_QR_ZOOM);
  const id = profile?.id;
  // A profile opened anew starts from its saved zoom, as a QR code.
  const [seen, setSeen] = useState(profile);
  if (seen !== profile) {
    setSeen(profile);
    if (profile) setZoom(Number(profile.QRZoom ?? DEFAULT_QR_ZOOM));
    setType('QRCode');
  }
  const project = database || projects[0]?.numero || '';
  const format = useQuery({
    queryKey: ['kioskpremium', 'getFormatQR'],
    queryFn: () => dataProvider.kioskPremium<{ levels: string[]; types: string[] }>('getFormatQR'),
    enabled: Boolean(profile),
    staleTime: Infinity,
  });
  const qr = useQuery({
    queryKey: ['kioskpremium', 'getConfigQR', id, level, type, project],
    queryFn: () =>
      dataProvider.kioskPremium<QrConfig>('getConfigQR', {
        profile: id,
        kiosk: { level, type, ...(project ? { database: project } : {}) },
      }),
    enabled: Boolean(profile),
  });
  const saveZoom = async () => {
    try {
      await dataProvider.kioskPremium('UpdateConfigQR', {
        profile: id,
        kiosk: { QRZoom: zoom, Save: true },
      });
      notify('kioskpremium.qr.saved', { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorText(error), { type: 'error' });
    }
  };
  const zpl = qr.data?.ZPL;
  const save = (href: string, name: string) => {
    const link = document.createElement('a');
    link.href = href;
    link.download = `kiosk-profile-${String(id)}-${name}`;
    link.click();
    if (href.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(href), 1000);
  };
  const blob = (text: string, type: string) => URL.createObjectURL(new Blob([text], { type }));
  const download = () => {
    if (!qr.data) return;
    if (zpl) save(blob(zpl, 'text/plain'), 'label.zpl');
    else save(qr.data.QRdata, 'qr.png');
  };
  // The same code as a vector image (002 §2 "downloadable as PNG and SVG"), at the chosen level.
  const downloadSvg = async () => {
    if (!qr.data) return;
    const { default: QRCode } = await import('qrcode');
    const markup = await QRCode.toString(qr.data.QRtext, {
      type: 'svg',
      errorCorrectionLevel: level as 'M',
      margin: 2,
      width: KIOSK_QR_SIZE,
    });
    save(blob(markup, 'image/svg+xml'), 'qr.svg');
  };
  const name = String(profile?.Name ?? '');
  return (
    <Dialog open={profile !== null} onClose={onClose} maxWidth="sm" fullWidth>
      <ClosableTitle onClose={onClose}>
        {translate('kioskpremium.qr.title', { name })}
      </ClosableTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('kioskpremium.qr.help')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            select
            size="small"
            label={translate('kioskpremium.qr.project')}
            value={project}
            onChange={(event) => setDatabase(Number(event.target.value))}
            sx={{ minWidth: 200, flex: 1 }}
          >
            {projects.map((one) => (
              <MenuItem key={one.numero} value={one.numero}>
                {one.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={translate('kioskpremium.qr.level')}
            value={level}
            onChange={(event) => setLevel(event.target.value)}
            sx={{ minWidth: 140 }}
          >
            {(format.data?.levels ?? ['M', 'L', 'H', 'Q']).map((one) => (
              <MenuItem key={one} value={one}>
                {one}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={translate('kioskpremium.qr.type')}
            value={type}
            onChange={(event) => setType(event.target.value)}
            sx={{ minWidth: 160 }}
          >
            {(format.data?.types ?? ['QRCode', 'ZEBRA']).map((one) => (
              <MenuItem key={one} value={one}>
                {translate(`kioskpremium.qr.types.${one}`, { _: one })}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {type === 'ZEBRA' && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('kioskpremium.qr.zebra_help')}
          </Alert>
        )}
        {!projects.length && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('kioskpremium.qr.no_projects')}
          </Alert>
        )}
        <Typography id="kiosk-qr-zoom" variant="body2">
          {translate('kioskpremium.qr.zoom', { zoom })}
        </Typography>
        <Slider
          value={zoom}
          min={10}
          max={200}
          step={5}
          onChange={(_, value) => setZoom(value as number)}
          aria-labelledby="kiosk-qr-zoom"
          sx={{ maxWidth: 360 }}
        />
        {qr.isPending && <LinearProgress />}
        {qr.error && <Alert severity="error">{errorText(qr.error)}</Alert>}
        {qr.data && (
          <Box sx={{ overflow: 'auto', maxWidth: '100%' }}>
            <img
              src={qr.data.QRdata}
              alt={translate('kioskpremium.qr.title', { name })}
              width={shownWidth(zoom)}
              height={shownWidth(zoom)}
              style={{ display: 'block', maxWidth: '100%', height: 'auto', margin: '0 auto' }}
            />
            <Box component="details" sx={{ mt: 1 }}>
              <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
                {translate('kioskpremium.qr.text')}
              </Typography>
              <Box
                component="pre"
                sx={{ fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: 0 }}
              >
                {JSON.stringify(JSON.parse(qr.data.QRtext), null, 2)}
              </Box>
            </Box>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={download} disabled={!qr.data}>
          {translate(zpl ? 'kioskpremium.qr.download_zpl' : 'kioskpremium.qr.download')}
        </Button>
        {!zpl && (
          <Button onClick={() => void downloadSvg()} disabled={!qr.data}>
            {translate('kioskpremium.qr.download_svg')}
          </Button>
        )}
        {canChange && (
          <Button variant="contained" onClick={() => void saveZoom()}>
            {translate('kioskpremium.qr.save_zoom')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
