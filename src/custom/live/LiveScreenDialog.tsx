import { useEffect, useState, useSyncExternalStore } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { DevicePanel } from './DevicePanel';
import type { SignallingClient } from './signalling';
import { useSignallingClient } from './useSignallingClient';

/** How long the dialog waits for the device to be announced before saying it is not live. */
const ANNOUNCE_MS = 4000;

function LiveScreen({ client, mid }: { client: SignallingClient; mid: string }) {
  const translate = useTranslate();
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), ANNOUNCE_MS);
    return () => clearTimeout(timer);
  }, []);
  if (snapshot.state === 'refused') {
    return (
      <Alert severity="error">
        {translate('live.refused', { reason: snapshot.refusal ?? '' })}
      </Alert>
    );
  }
  if (snapshot.state === 'closed')
    return <Alert severity="warning">{translate('live.disconnected')}</Alert>;
  const device = snapshot.devices.find((each) => each.id === mid);
  if (device) return <DevicePanel signalling={client} device={device} />;
  if (!waited || snapshot.state === 'connecting')
    return <LinearProgress aria-label={translate('live.connecting')} />;
  return <Alert severity="info">{translate('live.not_live', { mid })}</Alert>;
}

interface LiveScreenDialogProps {
  database: number;
  /** The device to watch; the dialog is closed while null. */
  mid: string | null;
  onClose(): void;
}

/**
 * One device's screen live in a dialog (001 §2 help desk, "Ver pantalla"; the MID entry modal of
 * /app/monitoring): its own signalling session on the project, the same panel as the grid's.
 */
export function LiveScreenDialog({ database, mid, onClose }: LiveScreenDialogProps) {
  const translate = useTranslate();
  const client = useSignallingClient(database, {
    open: Boolean(mid),
    attempt: mid,
    clearBetween: true,
  });
  return (
    <Dialog open={mid !== null} onClose={onClose} aria-labelledby="live-screen-title" maxWidth="sm">
      <DialogTitle id="live-screen-title">
        {translate('live.screen_title', { mid: mid ?? '' })}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ minWidth: { sm: 320 } }}>
          {client && mid ? (
            <LiveScreen client={client} mid={mid} />
          ) : (
            <LinearProgress aria-label={translate('live.connecting')} />
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('live.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
