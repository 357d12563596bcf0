import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CommandName } from '../../../../protocol/commands';
import { POLICY_COMMANDS, runsOn } from './commandCatalog';
import { CommandDialog } from './CommandDialog';

interface SettingsTabProps {
  database: number;
  mid: string;
  /** The device's platform (DEVICE_TYPE): Android-only commands are not offered elsewhere. */
  platform: string | null;
}

/**
 * The device settings (001 §2 Help-desk device panel): the policy commands its platform carries
 * out, each with what it does written beside it, sent through the same dialog and workers as
 * the list's commands. Those of Android only are named, not offered, on another platform.
 */
export function SettingsTab({ database, mid, platform }: SettingsTabProps) {
  const translate = useTranslate();
  const [cmd, setCmd] = useState<CommandName | null>(null);
  const offered = POLICY_COMMANDS.filter((name) => runsOn(name, platform));
  const left = POLICY_COMMANDS.filter((name) => !offered.includes(name));
  const label = (name: CommandName) => translate(`remote.commands.${name}.label`);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('remote.settings.intro')}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {offered.map((name) => (
          <Stack
            component="li"
            key={name}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={{ xs: 0.5, sm: 2 }}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Button
              variant="outlined"
              color={name === 'wipe' ? 'error' : 'primary'}
              onClick={() => setCmd(name)}
              aria-describedby={`settings-tip-${name}`}
              sx={{ minWidth: { sm: 200 }, alignSelf: { xs: 'flex-start', sm: 'auto' } }}
            >
              {label(name)}
            </Button>
            <Typography id={`settings-tip-${name}`} variant="body2" color="text.secondary">
              {translate(`remote.commands.${name}.tip`)}
            </Typography>
          </Stack>
        ))}
      </Stack>
      {left.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('remote.settings.android_only', { commands: left.map(label).join(', ') })}
        </Alert>
      )}
      <CommandDialog
        database={database}
        request={cmd ? { cmd, devices: [mid] } : null}
        onClose={() => setCmd(null)}
      />
    </Box>
  );
}
