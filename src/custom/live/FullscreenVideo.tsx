import { Dialog, DialogActions, DialogContent, DialogTitle, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LIVE, type LiveDevice } from '../../../protocol/live';
import { VideoView } from './VideoView';

interface FullscreenVideoProps {
  device: LiveDevice;
  stream: MediaStream | null;
  onClose(): void;
}

/** A device's video expanded: the same stream, 480 px wide (002 §2). */
export function FullscreenVideo({ device, stream, onClose }: FullscreenVideoProps) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} maxWidth="md" aria-labelledby="live-fullscreen-title">
      <DialogTitle id="live-fullscreen-title">{device.name}</DialogTitle>
      <DialogContent sx={{ display: 'flex', justifyContent: 'center' }}>
        <VideoView stream={stream} width={LIVE.videoWidthFullscreen} label={device.name} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('live.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
