import { Alert, Box, Card, CardContent, Skeleton, Typography } from '@mui/material';
import { useLocale, usePermissions, useTranslate } from 'react-admin';
import { rightsLabel, roleLabel } from '../../../protocol/roles';
import type { FlotaPermissions } from '../../authProvider';
import { useSession } from '../../dataProvider';
import { useTierLabel } from '../../i18n/useTierLabel';

/** The user's claims (000 §3 User profile) as a list of label and value. */
export function AccountCard() {
  const translate = useTranslate();
  const language = useLocale() === 'en' ? 'en' : 'es';
  const tierLabel = useTierLabel();
  const { permissions } = usePermissions<FlotaPermissions>();
  const { data: session, error } = useSession();

  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!session || !permissions) return <Skeleton variant="rounded" height={220} />;
  const profile = permissions.profile;
  const none = translate('app.not_available');
  const fields: [string, string][] = [
    ['name', profile.nickname || session.user.login],
    ['email', session.user.email],
    ['role', profile.role && roleLabel(profile.role, language)],
    ['rights', profile.rights && rightsLabel(profile.rights, language)],
    ['company', session.company?.name ?? profile.cia],
    ['tier', tierLabel(session.company?.tier)],
  ];

  return (
    <Card component="section" aria-labelledby="account-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="account-title" gutterBottom>
          {translate('profile.account')}
        </Typography>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'minmax(8rem, auto) 1fr', gap: 1, m: 0 }}
        >
          {fields.map(([name, value]) => (
            <Box key={name} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {translate(`profile.fields.${name}`)}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {value || none}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
