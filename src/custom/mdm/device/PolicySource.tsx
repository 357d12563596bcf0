import { Button, Stack, Typography } from '@mui/material';
import { useGetOne, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { MDM_DEVICES } from '../../../../protocol/resources/mdm-devices';
import { useDefinitionAccess } from '../../../resources/factory/permissions';
import type { ManagedDevice } from './types';

/**
 * Where the device's policy comes from (docs/mdm.md "Assignment"): given to the device, from a
 * device group's assignment, or from its enrolment token; a policy of its own can be dropped so
 * that it inherits again (its group's, else its token's).
 */
export function PolicySource({ device }: { device: ManagedDevice }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const mayEdit = useDefinitionAccess(MDM_DEVICES).can('edit');
  const assignment = useGetOne<{ id: number; groupName: string | null }>(
    'mdm-assignments',
    { id: device.assignment ?? 0 },
    { enabled: device.policySource === 'group' && device.assignment !== null },
  );
  const token = useGetOne<{ id: number; name: string }>(
    'mdm-enrolment-tokens',
    { id: device.token ?? 0 },
    { enabled: device.policySource === 'token' && device.token !== null, retry: false },
  );
  const text =
    device.policySource === 'device'
      ? translate('mdm_device.policy.from_device')
      : device.policySource === 'group'
        ? translate('mdm_device.policy.from_group', { group: assignment.data?.groupName ?? '…' })
        : token.data
          ? translate('mdm_device.policy.from_token', { token: token.data.name })
          : translate('mdm_device.policy.from_any_token');
  const inherit = () =>
    update(
      'mdm-devices',
      { id: device.id, data: { policy: null }, previousData: device },
      {
        onSuccess: () => {
          notify('mdm_device.policy.inherited', { type: 'success' });
          refresh();
        },
        onError: (error) => notify((error as Error).message, { type: 'error' }),
      },
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="body2">{text}</Typography>
      {device.policySource === 'device' && mayEdit && (
        <Button size="small" variant="outlined" onClick={inherit} disabled={isPending}>
          {translate('mdm_device.policy.inherit')}
        </Button>
      )}
    </Stack>
  );
}
