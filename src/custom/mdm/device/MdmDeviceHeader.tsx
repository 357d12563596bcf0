import { Alert, Button, Chip, Stack } from '@mui/material';
import { Link, useDataProvider, useLocale, useNotify, useRefresh, useTranslate } from 'react-admin';
import { MDM_DEVICES } from '../../../../protocol/resources/mdm-devices';
import type { FlotaDataProvider } from '../../../dataProvider';
import { useDefinitionAccess } from '../../../resources/factory/permissions';
import { deviceField } from './deviceFields';
import { MdmCommandButtons } from './MdmCommandButtons';
import type { ManagedDevice } from './types';

const LIST_OF_KIND: Record<ManagedDevice['kind'], string> = {
  android: '/app/mdmadmin',
  windows: '/app/mdmadmin',
  kiosk: '/app/mdmadminkiosk',
  ios: '/app/mdmadminios',
};

const COMPLIANCE_COLOUR = {
  compliant: 'success',
  noncompliant: 'warning',
  unknown: 'default',
} as const;

/**
 * The device page's head: the way back to its list, its kind, state and compliance, and what an
 * administrator does with it: approve or refuse it while pending, its commands once managed.
 */
export function MdmDeviceHeader({ device }: { device: ManagedDevice }) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const admin = useDefinitionAccess(MDM_DEVICES).can('edit');
  const decide = (status: 'enabled' | 'disabled') =>
    dataProvider.setPendingDevice(device.id, status).then(
      () => {
        notify(status === 'enabled' ? 'mdm_device.approved' : 'mdm_device.refused_done', {
          type: 'success',
        });
        refresh();
      },
      (error: Error) => notify(error.message, { type: 'error', messageArgs: { _: error.message } }),
    );
  const chip = (source: 'kind' | 'state') => (
    <Chip size="small" label={deviceField(device, source, language).text} />
  );
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ mb: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <Link
          to={device.state === 'pending' ? '/app/mdmpendingdevices' : LIST_OF_KIND[device.kind]}
        >
          {translate('mdm_device.back')}
        </Link>
        {chip('kind')}
        {chip('state')}
        <Chip
          size="small"
          color={COMPLIANCE_COLOUR[device.compliance]}
          label={deviceField(device, 'compliance', language).text}
          data-testid="mdm-compliance"
        />
        {admin && device.state === 'pending' && (
          <>
            <Button variant="contained" size="small" onClick={() => void decide('enabled')}>
              {translate('mdm_device.approve')}
            </Button>
            <Button color="error" size="small" onClick={() => void decide('disabled')}>
              {translate('mdm_device.refuse')}
            </Button>
          </>
        )}
      </Stack>
      {device.state === 'pending' && (
        <Alert severity="info">{translate('mdm_device.pending')}</Alert>
      )}
      {device.state === 'refused' && (
        <Alert severity="warning">{translate('mdm_device.refused')}</Alert>
      )}
      {admin && device.state === 'active' && <MdmCommandButtons device={device} />}
    </>
  );
}
