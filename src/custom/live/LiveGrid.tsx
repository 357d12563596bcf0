import { useEffect, useSyncExternalStore } from 'react';
import { Alert, Grid, Stack, Typography } from '@mui/material';
import { useGetIdentity, useStore, useTranslate } from 'react-admin';
import { chooseDevices, DeviceChoice, NO_CHOICE, type Choice } from './DeviceChoice';
import { DevicePanel } from './DevicePanel';
import type { SignallingClient } from './signalling';
import { LIVE_CHOICE_PREFIX } from './choiceKey';

interface LiveGridProps {
  client: SignallingClient;
  database: number;
  /** The signalling socket closed: the page opens a new one (at once when its token expired). */
  onClosed(expired: boolean): void;
}

/**
 * The grid of device panels: 3 of 12 columns on large and medium screens, 4 on small ones
 * (002 §2), at most `maxPanels` at once with a message saying how to see the others.
 */
export function LiveGrid({ client, database, onClosed }: LiveGridProps) {
  const translate = useTranslate();
  const snapshot = useSyncExternalStore(client.subscribe, client.getSnapshot);
  const { identity } = useGetIdentity();
  const [choice, setChoice] = useStore<Choice>(
    `${LIVE_CHOICE_PREFIX}${identity?.id ?? 'anyone'}.${database}`,
    NO_CHOICE,
  );
  const closed = snapshot.state === 'closed';
  const expired = snapshot.expired;
  useEffect(() => {
    if (closed) onClosed(expired);
  }, [closed, expired, onClosed]);

  if (snapshot.state === 'refused') {
    return (
      <Alert severity="error">
        {translate('live.refused', { reason: snapshot.refusal ?? '' })}
      </Alert>
    );
  }
  if (snapshot.state === 'connecting') {
    return <Alert severity="info">{translate('live.connecting')}</Alert>;
  }
  if (closed) return <Alert severity="warning">{translate('live.disconnected')}</Alert>;

  const chosen = chooseDevices(snapshot.devices, { ...NO_CHOICE, ...choice });
  const shown = chosen.slice(0, snapshot.maxPanels);
  return (
    // Nothing here may widen the page on a phone (a long refusal, a panel's video before its size
    // is known): the sweep at 375 px once saw the page scroll sideways for a moment.
    <Stack spacing={2} sx={{ minWidth: 0, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}>
      <DeviceChoice
        devices={snapshot.devices}
        choice={{ ...NO_CHOICE, ...choice }}
        onChange={setChoice}
      />
      <Typography variant="body2" color="text.secondary" data-testid="live-count">
        {translate('live.count', { shown: shown.length, total: snapshot.devices.length })}
      </Typography>
      {chosen.length > shown.length && (
        <Alert severity="warning">
          {translate('live.capped', {
            shown: shown.length,
            total: chosen.length,
            max: snapshot.maxPanels,
          })}
        </Alert>
      )}
      {snapshot.devices.length === 0 && (
        <Alert severity="info">{translate('live.no_devices')}</Alert>
      )}
      {snapshot.devices.length > 0 && chosen.length === 0 && (
        <Alert severity="info">{translate('live.no_match')}</Alert>
      )}
      <Grid container spacing={2} sx={{ minWidth: 0, overflowX: 'clip' }}>
        {shown.map((device) => (
          <Grid key={device.id} size={{ xs: 12, sm: 4, md: 3, lg: 3 }}>
            <DevicePanel signalling={client} device={device} />
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
