import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import AppsIcon from '@mui/icons-material/Apps';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayArrow';
import QrCode2Icon from '@mui/icons-material/GridOn';
import TerminalIcon from '@mui/icons-material/Code';
import { useTranslate, type RaRecord } from 'react-admin';
import { AppInfoDialog } from './AppInfoDialog';
import { CommandsDialog } from './CommandsDialog';
import { LaunchDialog } from './LaunchDialog';
import { QrDialog } from './QrDialog';

const DIALOGS = {
  qr: { Dialog: QrDialog, Icon: QrCode2Icon },
  commands: { Dialog: CommandsDialog, Icon: TerminalIcon },
  launch: { Dialog: LaunchDialog, Icon: PlayCircleOutlineIcon },
  app_info: { Dialog: AppInfoDialog, Icon: AppsIcon },
} as const;
type DialogName = keyof typeof DIALOGS;

/** The chosen profile's modals (002 §2): QR configuration, commands, launch on boot, app info. */
export function ProfileActions({ profile }: { profile: RaRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<DialogName | null>(null);
  const names = Object.keys(DIALOGS) as DialogName[];
  return (
    <>
      <Stack
        direction="row"
        useFlexGap
        spacing={1}
        role="group"
        aria-label={translate('kioskpremium.actions.label', { name: profile.Name })}
        sx={{ flexWrap: 'wrap', mt: 1.5 }}
      >
        {names.map((name) => {
          const { Icon } = DIALOGS[name];
          return (
            <Button
              key={name}
              size="small"
              variant="outlined"
              startIcon={<Icon />}
              onClick={() => setOpen(name)}
            >
              {translate(`kioskpremium.actions.${name}`)}
            </Button>
          );
        })}
      </Stack>
      {names.map((name) => {
        const { Dialog } = DIALOGS[name];
        return (
          <Dialog
            key={name}
            profile={open === name ? profile : null}
            onClose={() => setOpen(null)}
          />
        );
      })}
    </>
  );
}
