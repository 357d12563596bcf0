import { useState } from 'react';
import { Button } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Confirm, useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import type { CompanyListRow } from '../../dataProvider';

/** Enables or disables the company of the row, after the user confirms. */
export function CompanyStateButton() {
  const record = useRecordContext<CompanyListRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [update, { isPending }] = useUpdate<CompanyListRow>();
  if (!record) return null;

  const disabling = record.active;
  const verb = disabling ? 'resources.companies.disable' : 'resources.companies.enable';
  const confirm = () =>
    update(
      'companies',
      { id: record.id, data: { active: !disabling }, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () =>
          notify(disabling ? 'resources.companies.disabled' : 'resources.companies.enabled', {
            type: 'success',
          }),
        onError: (error) => notify((error as Error).message, { type: 'error' }),
        onSettled: () => setOpen(false),
      },
    );

  return (
    <>
      <Button
        size="small"
        color={disabling ? 'warning' : 'primary'}
        startIcon={disabling ? <BlockIcon /> : <CheckCircleIcon />}
        aria-label={`${translate(verb)} ${record.name}`}
        onClick={() => setOpen(true)}
      >
        {translate(verb)}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={verb}
        content={
          disabling ? 'resources.companies.confirm_disable' : 'resources.companies.confirm_enable'
        }
        contentTranslateOptions={{ name: record.name }}
        confirm={verb}
        confirmColor={disabling ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
