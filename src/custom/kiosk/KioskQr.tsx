import { useEffect, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import QRCode from 'qrcode';
import { useTranslate } from 'react-admin';
import { KIOSK_AGENT_PACKAGE, KIOSK_QR_SIZE } from '../../../protocol/kiosk';

/** Saves a URL's content under a name, as the browser's download. */
function download(href: string, name: string) {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
}

/**
 * The enrolment QR code (002 §2/§9: 400×400 in the simple kiosk) of getConfig's QRtext, drawn
 * with the qrcode library, downloadable as PNG and SVG.
 */
export function KioskQr({ text, hasAgent }: { text: string; hasAgent: boolean }) {
  const translate = useTranslate();
  const [png, setPng] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(text, {
      width: KIOSK_QR_SIZE,
      errorCorrectionLevel: 'M',
      margin: 2,
    }).then((url) => live && setPng(url));
    return () => {
      live = false;
    };
  }, [text]);
  const svg = async () => {
    const markup = await QRCode.toString(text, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: KIOSK_QR_SIZE,
    });
    const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
    download(url, 'kiosk-qr.svg');
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <Box>
      <Typography variant="subtitle2">{translate('kiosk.qr')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('kiosk.qr_help')}
      </Typography>
      {!hasAgent && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('kiosk.qr_no_agent', { package: KIOSK_AGENT_PACKAGE })}
        </Alert>
      )}
      {png && (
        <Box
          component="img"
          src={png}
          alt={translate('kiosk.qr')}
          width={KIOSK_QR_SIZE}
          height={KIOSK_QR_SIZE}
          sx={{
            display: 'block',
            maxWidth: '100%',
            height: 'auto',
            border: 1,
            borderColor: 'divider',
          }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" disabled={!png} onClick={() => png && download(png, 'kiosk-qr.png')}>
          {translate('kiosk.download_png')}
        </Button>
        <Button size="small" onClick={() => void svg()}>
          {translate('kiosk.download_svg')}
        </Button>
      </Stack>
    </Box>
  );
}
