import { useState } from 'react';
import { ListItemText, MenuItem } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { Confirm, useDataProvider, useNotify, useRefresh, useTranslate } from 'react-admin';
import type { ProvisionAnswer } from '../../../../protocol/provisioning';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { ProvisionItem } from './provisionItems';
import { SubMenu } from '../SubMenu';

/** The success toast of an answer: tasks created and found, mails sent, deletions ordered. */
function doneMessage(answer: ProvisionAnswer): [string, Record<string, number>] {
  if (answer.key === 'provSendMailInstall') {
    return [
      'provisioning.done.mail',
      { sent: answer.sent ?? 0, without: answer.withoutEmail?.length ?? 0 },
    ];
  }
  const count = (status: number) => answer.devices.filter((d) => d.STATUS === status).length;
  if (answer.key === 'provDeleteDatabaseSafe') {
    return ['provisioning.done.deleted', { deleted: count(-1), running: count(1), none: count(2) }];
  }
  return ['provisioning.done.tasks', { created: count(2), waiting: count(0) + count(1) }];
}

/**
 * The device list's provisioning submenu (001 §2): the items the caller's flags allow, each
 * asked for confirmation, then provisioningDevice; a refusal shows 'Operación fallida' and
 * why (001 §8, devices.toaster.provfail).
 */
export function ProvisionMenu({
  anchor,
  items,
  database,
  mids,
  onClose,
}: {
  anchor: HTMLElement | null;
  items: ProvisionItem[];
  database: number;
  mids: string[];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [asking, setAsking] = useState<ProvisionItem | null>(null);
  const run = useMutation({
    mutationFn: (item: ProvisionItem) =>
      item === 'mailAll'
        ? dataProvider.provisionDevices(database, 'provSendMailInstall', 'all')
        : dataProvider.provisionDevices(database, item, mids),
    onSuccess: (answer) => {
      const [message, args] = doneMessage(answer);
      notify(message, { type: 'success', messageArgs: args });
      refresh();
    },
    onError: (error: Error) =>
      notify('provisioning.provfail', {
        type: 'error',
        messageArgs: { description: error.message },
      }),
  });
  return (
    <>
      <SubMenu anchor={anchor} onClose={onClose} label={translate('provisioning.menu.title')}>
        {items.map((item) => (
          <MenuItem
            key={item}
            disabled={run.isPending}
            onClick={() => {
              onClose();
              setAsking(item);
            }}
          >
            <ListItemText>{translate(`provisioning.menu.${item}`)}</ListItemText>
          </MenuItem>
        ))}
      </SubMenu>
      <Confirm
        isOpen={asking !== null}
        title={asking ? `provisioning.menu.${asking}` : ''}
        content={asking ? `provisioning.confirm.${asking}` : ''}
        translateOptions={{ smart_count: mids.length }}
        onConfirm={() => {
          if (asking) run.mutate(asking);
          setAsking(null);
        }}
        onClose={() => setAsking(null)}
      />
    </>
  );
}
