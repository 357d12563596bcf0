import { Alert, Stack, Typography } from '@mui/material';
import { Link, useGetOne, useLocale, useTranslate } from 'react-admin';
import { MDM_DEVICE_COMPLIANCE } from '../../../../protocol/resources/mdm-device-compliance';
import { settingLabel } from '../../../../protocol/mdm/setting-labels';
import { PATHS } from '../../../paths';
import { DeclaredTabList } from '../../tables/DeclaredTabList';
import type { PolicyRecord } from '../PolicyEditor';
import type { ManagedDevice } from './types';
import { PolicySource } from './PolicySource';

/** A detail's own facts beyond its setting and reason: the app, the field, the value found. */
function detailText(detail: NonNullable<ManagedDevice['nonCompliance']>[number]) {
  return [
    detail.packageName,
    detail.fieldPath,
    detail.currentValue !== undefined ? String(detail.currentValue) : undefined,
    detail.installationFailureReason,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The policy the device has, the version it applied against the current one, and each setting
 * it did not apply with its reason (AMAPI's `NonComplianceDetail`).
 */
export function MdmPolicyTab({ device }: { device: ManagedDevice }) {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const policy = useGetOne<PolicyRecord>(
    'mdm-policies',
    { id: device.policy ?? 0 },
    { enabled: device.policy !== null },
  );
  if (device.policy === null)
    return <Alert severity="info">{translate('mdm_device.policy.none')}</Alert>;
  const current = policy.data?.policyVersion;
  const details = device.nonCompliance ?? [];
  const heading = translate('mdm_device.policy.non_compliant');
  return (
    <Stack spacing={1}>
      {policy.data && (
        <Typography variant="subtitle1" component="h2">
          <Link to={`${PATHS.mdmpoliciesedit}?policyid=${device.policy}`}>{policy.data.name}</Link>
        </Typography>
      )}
      <PolicySource device={device} />
      {current !== undefined && (
        <Typography variant="body2">
          {translate('mdm_device.policy.current', { version: current })}
        </Typography>
      )}
      <Typography variant="body2">
        {device.appliedVersion === null
          ? translate('mdm_device.policy.not_applied')
          : translate('mdm_device.policy.applied', { version: device.appliedVersion })}
      </Typography>
      {current !== undefined &&
        device.appliedVersion !== null &&
        device.appliedVersion < current && (
          <Alert severity="info">
            {translate('mdm_device.policy.outdated', { version: current })}
          </Alert>
        )}
      {device.compliance === 'compliant' && (
        <Alert severity="success">{translate('mdm_device.policy.compliant')}</Alert>
      )}
      {device.compliance === 'unknown' && (
        <Alert severity="info">{translate('mdm_device.policy.unknown')}</Alert>
      )}
      {details.length > 0 && (
        <>
          <Typography variant="subtitle2" component="h3">
            {heading}
          </Typography>
          <DeclaredTabList
            definition={MDM_DEVICE_COMPLIANCE}
            database={device.project}
            data={details.map((detail, index) => {
              const group = settingLabel(device.platform, [detail.settingName], language);
              return {
                id: index + 1,
                setting: group ? `${group} (${detail.settingName})` : detail.settingName,
                reason: detail.reason,
                detail: detailText(detail),
              };
            })}
            label={heading}
          />
        </>
      )}
    </Stack>
  );
}
