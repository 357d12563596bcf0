import { useEffect, useRef, useState } from 'react';
import { Box, Card, CardContent, CardHeader, IconButton, Slider, Typography } from '@mui/material';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import { useTranslate } from 'react-admin';
import { LIVE, type LiveDevice } from '../../../protocol/live';
import { FullscreenVideo } from './FullscreenVideo';
import { DevicePeer } from './peer';
import type { SignallingClient } from './signalling';
import { VideoView } from './VideoView';

interface DevicePanelProps {
  signalling: SignallingClient;
  device: LiveDevice;
}

/**
 * One device of the grid (002 §2, §4): a header with its name, its status (green online, red
 * otherwise) and the fullscreen button, its live video 280 px wide, the bitrate and the frame
 * rate slider, which sends session_parameters. A device not online is checked every 6 s; still
 * offline, its panel goes (reason 'signal') and its connection is closed.
 */
export function DevicePanel({ signalling, device }: DevicePanelProps) {
  const translate = useTranslate();
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [kbits, setKbits] = useState<number | null>(null);
  const [fps, setFps] = useState<number>(LIVE.fpsDefault);
  const [expanded, setExpanded] = useState(false);
  const peer = useRef<DevicePeer | null>(null);
  const online = device.status === 'online';

  useEffect(() => {
    const created = new DevicePeer(signalling, device, LIVE.fpsDefault, {
      stream: setStream,
      bitrate: setKbits,
      state: () => {},
    });
    peer.current = created;
    return () => created.close();
    // One connection per device and session; the device's other fields do not renew it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signalling, device.id]);

  // Online (again): a new connection, as the device's new socket streams nothing yet.
  useEffect(() => {
    if (online) peer.current?.start();
  }, [online]);

  // The offline check (002 §4).
  useEffect(() => {
    if (online) return;
    const timer = setInterval(() => {
      const now = signalling.getSnapshot().devices.find((each) => each.id === device.id);
      if (now?.status !== 'online') {
        console.info(`live panel of ${device.id} removed: signal`);
        signalling.forget(device.id);
      }
    }, LIVE.offlineCheckMs);
    return () => clearInterval(timer);
  }, [online, signalling, device.id]);

  const bitrate =
    kbits === null ? translate('live.bitrate_pending') : translate('live.bitrate', { kbits });
  return (
    <Card variant="outlined" data-testid="live-panel" data-mid={device.id}>
      <CardHeader
        sx={{ py: 1, '& .MuiCardHeader-content': { minWidth: 0 } }}
        title={device.name}
        slotProps={{ title: { variant: 'subtitle2', noWrap: true, title: device.name } }}
        subheader={online ? translate('live.online') : translate('live.offline')}
        subheaderTypographyProps={{
          variant: 'caption',
          sx: { color: online ? 'success.dark' : 'error.main', fontWeight: 600 },
          'data-testid': 'live-status',
        }}
        action={
          <IconButton
            aria-label={translate('live.expand', { name: device.name })}
            onClick={() => setExpanded(true)}
          >
            <FullscreenIcon />
          </IconButton>
        }
      />
      <CardContent sx={{ pt: 0, display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <VideoView stream={stream} width={LIVE.videoWidth} label={device.name} />
        {!stream && (
          <Typography variant="caption" color="text.secondary">
            {translate('live.waiting')}
          </Typography>
        )}
        <Box sx={{ width: '100%', display: 'flex', justifyContent: 'space-between', mt: 1 }}>
          <Typography variant="caption" data-testid="live-bitrate">
            {bitrate}
          </Typography>
          <Typography variant="caption">{translate('live.fps_value', { fps })}</Typography>
        </Box>
        <Slider
          size="small"
          min={LIVE.fpsMin}
          max={LIVE.fpsMax}
          value={fps}
          valueLabelDisplay="auto"
          onChange={(_event, value) => setFps(value as number)}
          onChangeCommitted={(_event, value) => peer.current?.setFps(value as number)}
          slotProps={{ input: { 'aria-label': translate('live.fps') } }}
        />
      </CardContent>
      {expanded && (
        <FullscreenVideo device={device} stream={stream} onClose={() => setExpanded(false)} />
      )}
    </Card>
  );
}
