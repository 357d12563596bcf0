import { useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CommandName } from '../../../../protocol/commands';
import {
  COMMAND_FIELDS,
  commandParams,
  EMPTY_VALUES,
  NEEDS_CONFIRMATION,
  validateCommand,
  type CommandValues,
} from './commandCatalog';
import { CommandFields } from './CommandFields';
import { CommandResults } from './CommandResults';
import { useCommandRun } from './useCommandRun';
import { TYPED_CONFIRMATION } from './commandGroups';
import { useDeviceToggles } from './useDeviceToggles';

export interface CommandRequest {
  cmd: CommandName;
  /** MIDs of the devices. */
  devices: string[];
}

/**
 * Asks for a command's parameters (and the yes of wipe and reboot), sends it through the ten
 * workers and shows each device's outcome (001 §4, §8).
 */
export function CommandDialog({
  database,
  request,
  onClose,
}: {
  database: number;
  request: CommandRequest | null;
  onClose: () => void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={request !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      {request && (
        <CommandDialogBody
          key={`${request.cmd}-${request.devices.join(',')}`}
          database={database}
          request={request}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function CommandDialogBody({
  database,
  request: { cmd, devices },
  onClose,
}: {
  database: number;
  request: CommandRequest;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [values, setValues] = useState<CommandValues>(EMPTY_VALUES);
  const [tried, setTried] = useState(false);
  const [started, setStarted] = useState(false);
  const { outcomes, running, run } = useCommandRun(database);
  const errors = validateCommand(cmd, values, devices);
  const valid = Object.keys(errors).length === 0;
  const toggle = COMMAND_FIELDS[cmd].includes('enabled') && devices.length === 1;
  const toggles = useDeviceToggles(database, toggle ? devices[0] : null);
  const current = toggle && toggles ? (toggles[cmd] ?? null) : undefined;
  // The switch starts at the change: a camera reported off is offered on.
  const [preset, setPreset] = useState(false);
  if (current && !preset) {
    setPreset(true);
    setValues((now) => ({ ...now, enabled: !current.enabled }));
  }

  const send = () => {
    setTried(true);
    if (!valid) return;
    setStarted(true);
    void run(cmd, devices, commandParams(cmd, values), values.expiry);
  };

  return (
    <>
      <DialogTitle>{translate(`remote.commands.${cmd}.label`)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {translate(`remote.commands.${cmd}.tip`)}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('remote.command.devices', { smart_count: devices.length })}
        </Typography>
        {started ? (
          <CommandResults devices={devices} outcomes={outcomes} running={running} />
        ) : (
          <CommandFields
            cmd={cmd}
            devices={devices.length}
            mids={devices}
            current={current}
            values={values}
            errors={errors}
            showErrors={tried}
            onChange={(changes) => setValues((current) => ({ ...current, ...changes }))}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          {translate(started ? 'remote.command.close' : 'remote.command.cancel')}
        </Button>
        {!started && (
          <Button
            variant="contained"
            color={cmd === 'wipe' ? 'error' : 'primary'}
            disabled={
              (tried && !valid) ||
              (NEEDS_CONFIRMATION.includes(cmd) && !!(errors.confirmed || errors.typed)) ||
              (TYPED_CONFIRMATION.includes(cmd) && !!errors.typed)
            }
            onClick={send}
          >
            {translate('remote.command.send')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
