import { Navigate } from 'react-router-dom';
import { PATHS } from '../../paths';
import { useAndroidOrganization } from './useAndroidOrganization';

/**
 * Above an MDM list: while the Android enterprise signup is pending, `/app/mdmafw` is where the
 * MDM routes land (002 §2, "/mdmafw as the default while an enterprise token is pending").
 * `/app/mdmgeneral` does not redirect: it shows a warning leading there, and is where an
 * abandoned signup's organization is removed.
 */
export function PendingSignupRedirect() {
  const { android } = useAndroidOrganization();
  return android?.state === 'pending' ? <Navigate to={PATHS.mdmafw} replace /> : null;
}
