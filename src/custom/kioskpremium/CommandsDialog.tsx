import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { profileCommands } from '../../../protocol/kiosk-premium';
import {
  MAX_PROFILE_COMMANDS,
  type ProfileCommand,
} from '../../../protocol/resources/kiosk-profiles';
import type { FlotaDataProvider } from '../../dataProvider';
import { useCanChangeKiosk } from './premiumData';
import { PremiumDialog, useResetOn } from './PremiumDialog';

/**
 * The profile's command configuration (002 §3 Profile Control): its list `cm` of entries — a
 * command `c`, its parameter `p`, on or off `v` — at most 25, saved with ConfigCommands, which
 * sends the general settings to the profile's devices. The entries are the device context menu's
 * commands.
 */
export function CommandsDialog({
  profile,
  onClose,
}: {
  profile: RaRecord | null;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const canChange = useCanChangeKiosk();
  const [entries, setEntries] = useState<ProfileCommand[]>([]);
  // A profile opened anew starts from its saved entries.
  useResetOn(profile, (opened) => opened && setEntries(profileCommands(opened.Control)));
  const change = (index: number, patch: Partial<ProfileCommand>) =>
    setEntries((before) => before.map((one, i) => (i === index ? { ...one, ...patch } : one)));
  const complete = entries.every((one) => one.c.trim() !== '');
  const save = () =>
    dataProvider.kioskPremium('ConfigCommands', {
      profile: {
        Id: profile!.id,
        Control: { cm: entries.map((one) => ({ ...one, c: one.c.trim() })) },
      },
    });
  const name = String(profile?.Name ?? '');
  return (
    <PremiumDialog
      open={profile !== null}
      onClose={onClose}
      maxWidth="md"
      title={translate('kioskpremium.commands.title', { name })}
      save={canChange ? save : undefined}
      saved="kioskpremium.commands.saved"
      ready={complete}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('kioskpremium.commands.help', { max: MAX_PROFILE_COMMANDS })}
      </Typography>
      {entries.length === 0 && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {translate('kioskpremium.commands.empty')}
        </Typography>
      )}
      <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {entries.map((entry, index) => (
          <Box
            component="li"
            key={index}
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
            }}
          >
            <TextField
              size="small"
              required
              label={translate('kioskpremium.commands.command')}
              value={entry.c}
              disabled={!canChange}
              onChange={(event) => change(index, { c: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 100 } }}
              sx={{ flex: '1 1 12rem' }}
            />
            <TextField
              size="small"
              label={translate('kioskpremium.commands.parameter')}
              value={entry.p}
              disabled={!canChange}
              onChange={(event) => change(index, { p: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 200 } }}
              sx={{ flex: '1 1 12rem' }}
            />
            <FormControlLabel
              control={
                <Switch
                  checked={entry.v === 'T'}
                  disabled={!canChange}
                  onChange={(event) => change(index, { v: event.target.checked ? 'T' : 'F' })}
                />
              }
              label={translate('kioskpremium.commands.on')}
            />
            {canChange && (
              <IconButton
                aria-label={translate('kioskpremium.commands.remove', { n: index + 1 })}
                onClick={() => setEntries((before) => before.filter((_, i) => i !== index))}
              >
                <DeleteIcon />
              </IconButton>
            )}
          </Box>
        ))}
      </Stack>
      {entries.length >= MAX_PROFILE_COMMANDS && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {translate('kioskpremium.commands.max', { max: MAX_PROFILE_COMMANDS })}
        </Alert>
      )}
      {canChange && (
        <Button
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          disabled={entries.length >= MAX_PROFILE_COMMANDS}
          onClick={() => setEntries((before) => [...before, { c: '', p: '', v: 'T' }])}
        >
          {translate('kioskpremium.commands.add')}
        </Button>
      )}
    </PremiumDialog>
  );
}
