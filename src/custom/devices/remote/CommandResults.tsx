import { Box, Chip, LinearProgress, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DeviceOutcome } from './commandWorkers';

type ChipColour = 'default' | 'success' | 'error' | 'warning' | 'info';

const COLOURS: Record<DeviceOutcome['state'], ChipColour> = {
  created: 'info',
  sent: 'info',
  confirmed: 'info',
  executed: 'success',
  offline: 'warning',
  failed: 'error',
  timeout: 'error',
  pending: 'warning',
  expired: 'error',
  cancelled: 'default',
  error: 'error',
};

/** Why a device failed: the device's own message, the server's description, or nothing. */
function detailOf(outcome: DeviceOutcome): string | null {
  if (outcome.state === 'error') return outcome.message || null;
  if (outcome.state !== 'failed' && outcome.state !== 'timeout') return null;
  return outcome.row.msg ?? outcome.row.exceptionMessage ?? null;
}

/** One chip per state of 001 §4: sent, executed, failed (with its message), offline, timeout. */
export function OutcomeChip({ outcome }: { outcome: DeviceOutcome | undefined }) {
  const translate = useTranslate();
  if (!outcome)
    return <Chip size="small" variant="outlined" label={translate('remote.state.waiting')} />;
  const detail = detailOf(outcome);
  const label = translate(`remote.state.${outcome.state}`);
  return (
    <Chip
      size="small"
      color={COLOURS[outcome.state]}
      label={detail ? `${label}: ${detail}` : label}
      sx={{
        maxWidth: '100%',
        height: 'auto',
        '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
      }}
    />
  );
}

/** Rows rendered at most; a command to thousands shows the counts and the first ones. */
const SHOWN = 200;

/** The results panel: progress, counts per state and each device's chip. */
export function CommandResults({
  devices,
  outcomes,
  running,
}: {
  devices: string[];
  outcomes: Map<string, DeviceOutcome>;
  running: boolean;
}) {
  const translate = useTranslate();
  const counts = new Map<string, number>();
  for (const outcome of outcomes.values())
    counts.set(outcome.state, (counts.get(outcome.state) ?? 0) + 1);
  return (
    <Box>
      {running && (
        <LinearProgress variant="determinate" value={(outcomes.size / devices.length) * 100} />
      )}
      <Typography variant="body2" sx={{ my: 1 }} role="status">
        {translate('remote.command.progress', { done: outcomes.size, total: devices.length })}
        {[...counts].map(([state, count]) => ` · ${translate(`remote.state.${state}`)}: ${count}`)}
      </Typography>
      <List
        dense
        aria-label={translate('remote.command.progress', {
          done: outcomes.size,
          total: devices.length,
        })}
      >
        {devices.slice(0, SHOWN).map((device) => (
          <ListItem key={device} divider sx={{ gap: 1, flexWrap: 'wrap' }}>
            <ListItemText primary={device} sx={{ flex: '1 1 8rem' }} />
            <OutcomeChip outcome={outcomes.get(device)} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
