import { Alert, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useSession } from '../../dataProvider';
import { useTierLabel } from '../../i18n/useTierLabel';
import { PATHS } from '../../paths';

/** Greets the user by name and says which company and plan they work under. */
export function WelcomeCard() {
  const translate = useTranslate();
  const tierLabel = useTierLabel();
  const { data: session, error } = useSession();

  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!session) return <Skeleton variant="rounded" height={120} />;
  const { company, profile, user } = session;

  return (
    <Card>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('home.welcome', { name: profile.nickname || user.login })}
        </Typography>
        {company ? (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
          >
            <Typography color="text.secondary">
              {translate('home.company', { name: company.name })}
            </Typography>
            <Chip
              size="small"
              label={tierLabel(company.tier)}
              color={company.tier ? 'primary' : 'default'}
            />
          </Stack>
        ) : (
          <Typography color="text.secondary">{translate('home.no_company')}</Typography>
        )}
        {company && !company.active && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {translate('home.company_inactive')}
          </Alert>
        )}
        {company?.active && !company.tier && (
          <Button component={Link} to={PATHS.pricing} variant="outlined" sx={{ mt: 2 }}>
            {translate('home.see_pricing')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
