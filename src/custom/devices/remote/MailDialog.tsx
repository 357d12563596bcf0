import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { MailResponse } from '../../../dataProvider/remoteCalls';

/** To the selected devices, to every device of the project, or to a list of addresses. */
export type MailTarget = { devices: string[] } | 'all';

/** A list typed by a person: commas, semicolons, spaces or lines between addresses. */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((address) => address.trim())
    .filter(Boolean);
}

/**
 * The mail dialog (001 §2): subject and message to the selected devices, all devices or (for
 * administrators) a list of users. The answer is the specification's text (001 §8), with the
 * addresses the server skipped as invalid.
 */
export function MailDialog({
  database,
  target,
  canMailUsers,
  onClose,
}: {
  database: number;
  target: MailTarget | null;
  canMailUsers: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onClose={onClose} fullWidth maxWidth="sm">
      {target && (
        <MailForm
          database={database}
          target={target}
          canMailUsers={canMailUsers}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function MailForm({
  database,
  target,
  canMailUsers,
  onClose,
}: {
  database: number;
  target: MailTarget;
  canMailUsers: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [toUsers, setToUsers] = useState(false);
  const [addresses, setAddresses] = useState('');
  const send = useMutation<MailResponse>({
    mutationFn: () => {
      if (toUsers) return dataProvider.mailUsers(splitAddresses(addresses), subject, message);
      if (target === 'all') return dataProvider.mailAllDevices(database, subject, message);
      return dataProvider.mailDevices(database, target.devices, subject, message);
    },
  });
  const title = toUsers
    ? translate('remote.mail.title_users')
    : target === 'all'
      ? translate('remote.mail.title_all')
      : translate('remote.mail.title_selected', { smart_count: target.devices.length });
  const ready =
    subject.trim() !== '' &&
    message.trim() !== '' &&
    (!toUsers || splitAddresses(addresses).length > 0);

  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {canMailUsers && (
            <FormControlLabel
              control={
                <Switch checked={toUsers} onChange={(event) => setToUsers(event.target.checked)} />
              }
              label={translate('remote.mail.to_users')}
            />
          )}
          {toUsers && (
            <TextField
              label={translate('remote.mail.addresses')}
              value={addresses}
              multiline
              minRows={2}
              onChange={(event) => setAddresses(event.target.value)}
            />
          )}
          <TextField
            label={translate('remote.mail.subject')}
            value={subject}
            required
            onChange={(event) => setSubject(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={translate('remote.mail.message')}
            value={message}
            required
            multiline
            minRows={4}
            onChange={(event) => setMessage(event.target.value)}
          />
          {send.isSuccess && (
            <Alert severity="success">
              {translate('remote.mail.ok')}
              {send.data.skipped?.length > 0 && (
                <div>
                  {translate('remote.mail.skipped', { list: send.data.skipped.join(', ') })}
                </div>
              )}
              {!!send.data.withoutEmail?.length && (
                <div>
                  {translate('remote.mail.without_email', {
                    list: send.data.withoutEmail.join(', '),
                  })}
                </div>
              )}
            </Alert>
          )}
          {send.isError && (
            <Alert severity="error">
              {translate('remote.mail.failed')} {send.error.message}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('remote.command.close')}</Button>
        <Button
          variant="contained"
          disabled={!ready || send.isPending || send.isSuccess}
          onClick={() => send.mutate()}
        >
          {translate('remote.mail.send')}
        </Button>
      </DialogActions>
    </>
  );
}
