import { useState } from 'react';
import { Button } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useMutation } from '@tanstack/react-query';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { CompanyListRow, FlotaDataProvider } from '../../dataProvider';

/**
 * Enables or disables the company of the row, after the user confirms: the companies list's row
 * actions slot (src/resources/slots.ts), through `updateCompanyState`.
 */
export function CompanyStateButton() {
  const record = useRecordContext<CompanyListRow>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [open, setOpen] = useState(false);
  const disabling = Boolean(record?.active);
  const change = useMutation({
    mutationFn: (id: number) => dataProvider.setCompanyState(id, disabling),
    onSuccess: () => {
      notify(disabling ? 'resources.companies.disabled' : 'resources.companies.enabled', {
        type: 'success',
      });
      refresh();
    },
    onError: (error: Error) => notify(error.message, { type: 'error' }),
    onSettled: () => setOpen(false),
  });
  if (!record) return null;

  const verb = disabling ? 'resources.companies.disable' : 'resources.companies.enable';
  const isPending = change.isPending;
  const confirm = () => change.mutate(record.id);

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
