import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { useGetList, useStore, useTranslate } from 'react-admin';
import { KIOSK_DEVICES } from '../../../protocol/resources/kiosk-devices';
import {
  KIOSK_PROFILE_APPS,
  KIOSK_PROFILE_WIFIS,
} from '../../../protocol/resources/kiosk-profile-links';
import { KIOSK_PROFILES } from '../../../protocol/resources/kiosk-profiles';
import { DEVICE_SLOTS } from './deviceSlots';
import { PremiumList } from './PremiumList';
import { ProfileActions } from './ProfileActions';

/**
 * The Perfiles tab (002 §2): the profiles (created, edited with the declared form, deleted), and
 * under the chosen profile its apps, its wifis and its devices, each added and removed as links.
 */
export function ProfilesTab({ owner }: { owner: string }) {
  const translate = useTranslate();
  // Kept in the store: the choice stays when the page is drawn again (a change of language).
  const [chosen, setChosen] = useStore<string>('kioskpremium.profile', '');
  // The choice of profile: every profile by name (a company has few).
  const { data: profiles = [] } = useGetList(KIOSK_PROFILES.name, {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'Name', order: 'ASC' },
  });
  const current = profiles.find((profile) => String(profile.id) === chosen);
  const ofProfile = current ? { Idprofile: current.id } : undefined;
  return (
    <Box>
      <PremiumList definition={KIOSK_PROFILES} owner={owner} />
      <Box component="section" aria-labelledby="kiosk-profile-chosen" sx={{ mt: 3 }}>
        <Typography variant="h6" component="h2" id="kiosk-profile-chosen">
          {translate('kioskpremium.profile_config')}
        </Typography>
        <TextField
          select
          size="small"
          label={translate('kioskpremium.profile')}
          value={current ? chosen : ''}
          onChange={(event) => setChosen(event.target.value)}
          sx={{ minWidth: 260, mt: 1 }}
        >
          {profiles.map((profile) => (
            <MenuItem key={String(profile.id)} value={String(profile.id)}>
              {String(profile.Name)}
            </MenuItem>
          ))}
        </TextField>
        {!current && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate(
              profiles.length ? 'kioskpremium.choose_profile' : 'kioskpremium.no_profiles',
            )}
          </Typography>
        )}
        {current && (
          <>
            <ProfileActions profile={current} />
            <PremiumList
              definition={KIOSK_PROFILE_APPS}
              owner={owner}
              fixedFilter={ofProfile}
              heading={{
                text: translate('kioskpremium.profile_apps', { name: current.Name }),
                level: 'h3',
              }}
            />
            <PremiumList
              definition={KIOSK_PROFILE_WIFIS}
              owner={owner}
              fixedFilter={ofProfile}
              heading={{
                text: translate('kioskpremium.profile_wifis', { name: current.Name }),
                level: 'h3',
              }}
            />
            <PremiumList
              definition={KIOSK_DEVICES}
              owner={owner}
              fixedFilter={ofProfile}
              slots={DEVICE_SLOTS}
              heading={{
                text: translate('kioskpremium.profile_devices', { name: current.Name }),
                level: 'h3',
              }}
            />
          </>
        )}
      </Box>
    </Box>
  );
}
