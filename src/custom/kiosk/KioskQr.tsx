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
 * The QR code as a PNG of exactly KIOSK_QR_SIZE pixels a side: the library fits whole modules in
 * the width asked (399 px for some sizes), so its drawing is centred on a white square.
 */
async function exactPng(text: string): Promise<string> {
  const drawn = document.createElement('canvas');
  await QRCode.toCanvas(drawn, text, {
    width: KIOSK_QR_SIZE,
    errorCorrectionLevel: 'M',
    margin: 2,
  });
  const square = document.createElement('canvas');
  square.width = KIOSK_QR_SIZE;
  square.height = KIOSK_QR_SIZE;
  const context = square.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, KIOSK_QR_SIZE, KIOSK_QR_SIZE);
  const offset = (size: number) => Math.floor((KIOSK_QR_SIZE - size) / 2);
  context.drawImage(drawn, offset(drawn.width), offset(drawn.height));
  return square.toDataURL('image/png');
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
    void exactPng(text).then((url) => live && setPng(url));
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
        <img
          src={png}
          alt={translate('kiosk.qr')}
          width={KIOSK_QR_SIZE}
          height={KIOSK_QR_SIZE}
          style={{ display: 'block', maxWidth: '100%', height: 'auto', border: '1px solid #ddd' }}
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
