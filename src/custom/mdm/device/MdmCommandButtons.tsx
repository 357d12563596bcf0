import { useState } from 'react';
import { Button, Stack, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CommandName } from '../../../../protocol/commands';
import { CommandDialog, type CommandRequest } from '../../devices/remote/CommandDialog';
import type { ManagedDevice } from './types';

/**
 * The MDM commands of a managed device (docs/mdm.md "Commands"), least harmful first. Each opens
 * the command dialog of the device list (its fields, the typed confirmation of lock and wipe,
 * the expiry of a queued command) and goes through the device's project's command queue.
 */
const MDM_COMMANDS: readonly CommandName[] = [
  'lock',
  'reboot',
  'password',
  'clearappdata',
  'lostmode',
  'relinquish',
  'wipe',
];

const DESTRUCTIVE = new Set<CommandName>(['relinquish', 'wipe']);

export function MdmCommandButtons({ device }: { device: ManagedDevice }) {
  const translate = useTranslate();
  const [request, setRequest] = useState<CommandRequest | null>(null);
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', my: 1 }}
        role="group"
        aria-label={translate('mdm_device.commands')}
      >
        {MDM_COMMANDS.map((cmd) => (
          <Tooltip key={cmd} title={translate(`remote.commands.${cmd}.tip`)} describeChild>
            <Button
              size="small"
              variant="outlined"
              color={DESTRUCTIVE.has(cmd) ? 'error' : 'primary'}
              onClick={() => setRequest({ cmd, devices: [device.mid] })}
            >
              {translate(`remote.commands.${cmd}.label`)}
            </Button>
          </Tooltip>
        ))}
      </Stack>
      <CommandDialog database={device.project} request={request} onClose={() => setRequest(null)} />
    </>
  );
}
