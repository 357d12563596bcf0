import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { MDM_ORGANIZATIONS } from '../../../protocol/resources/mdm-organizations';
import { PATHS } from '../../paths';
import { useDefinitionAccess } from '../../resources/factory/permissions';
import { useAndroidOrganization } from './useAndroidOrganization';

/**
 * Above `/app/mdmgeneral`: where the Android enterprise is bound. While its signup is pending, a
 * warning that leads to `/app/mdmafw` to complete it (002 §2). A reader who cannot bind it is told
 * the state alone.
 */
export function OrganizationsHeader() {
  const translate = useTranslate();
  const { android } = useAndroidOrganization();
  const pending = android?.state === 'pending';
  const bound = android?.state === 'bound';
  const read = useDefinitionAccess(MDM_ORGANIZATIONS).can('edit') ? '' : '_read';
  return (
    <Alert
      severity={pending ? 'warning' : bound ? 'success' : 'info'}
      sx={{ mb: 1 }}
      action={
        <Button component={Link} to={PATHS.mdmafw} color="inherit" size="small">
          {translate('mdm.afw.open')}
        </Button>
      }
    >
      {pending
        ? translate(`mdm.afw.banner_pending${read}`)
        : bound
          ? translate('mdm.afw.banner_bound', { name: android.enterpriseName ?? '' })
          : translate(`mdm.afw.banner_none${read}`)}
    </Alert>
  );
}
