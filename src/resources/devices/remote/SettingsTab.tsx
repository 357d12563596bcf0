import { useState } from 'react';
import { Box, Button, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CommandName } from '../../../../protocol/commands';
import { POLICY_COMMANDS } from './commandCatalog';
import { CommandDialog } from './CommandDialog';

/**
 * The device settings (001 §2 Help-desk device panel): policy commands, each with a tooltip
 * saying what it does, sent through the same dialog and workers as the list's commands.
 */
export function SettingsTab({ database, mid }: { database: number; mid: string }) {
  const translate = useTranslate();
  const [cmd, setCmd] = useState<CommandName | null>(null);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('remote.settings.intro')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {POLICY_COMMANDS.map((name) => (
          <Tooltip key={name} title={translate(`remote.commands.${name}.tip`)} arrow describeChild>
            <Button
              variant="outlined"
              color={name === 'wipe' ? 'error' : 'primary'}
              onClick={() => setCmd(name)}
            >
              {translate(`remote.commands.${name}.label`)}
            </Button>
          </Tooltip>
        ))}
      </Stack>
      <CommandDialog
        database={database}
        request={cmd ? { cmd, devices: [mid] } : null}
        onClose={() => setCmd(null)}
      />
    </Box>
  );
}
