import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Card,
  CardContent,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  SESSION_QUERY_KEY,
  useSession,
  type FlotaDataProvider,
  type SessionResponse,
} from '../../dataProvider';
import { LOCALES, type Locale } from '../../i18n/i18nProvider';
import { useChangeLanguage } from '../../i18n/useChangeLanguage';

/** The console language and the e-mail two-step verification of the user. */
export function PreferencesCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const { locale, changeLanguage } = useChangeLanguage();
  const { data: session } = useSession();
  // What the user just chose, shown at once while the server saves it.
  const [chosen, setChosen] = useState<boolean | null>(null);

  const twofactor = useMutation({
    mutationFn: (enabled: boolean) => dataProvider.updateProfile({ twofactor: enabled }),
    onSuccess: (user) => {
      queryClient.setQueryData<SessionResponse>(
        SESSION_QUERY_KEY,
        (old) => old && { ...old, user },
      );
      notify('profile.saved', { type: 'success' });
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
    onSettled: () => setChosen(null),
  });
  const enabled = chosen ?? Boolean(session?.user.twofactor);
  const toggle = (value: boolean) => {
    setChosen(value);
    twofactor.mutate(value);
  };

  return (
    <Card component="section" aria-labelledby="preferences-title">
      <CardContent>
        <Typography variant="h6" component="h2" id="preferences-title" gutterBottom>
          {translate('profile.preferences')}
        </Typography>
        <TextField
          select
          label={translate('profile.language')}
          value={locale}
          onChange={(event) => changeLanguage(event.target.value as Locale)}
          sx={{ minWidth: 240, mb: 2 }}
        >
          {LOCALES.map((code) => (
            <MenuItem key={code} value={code} lang={code}>
              {translate(`app.languages.${code}`)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          sx={{ display: 'flex' }}
          control={
            <Switch
              checked={enabled}
              disabled={!session || twofactor.isPending}
              onChange={(event) => toggle(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'twofactor-help' } }}
            />
          }
          label={translate('profile.twofactor')}
        />
        <FormHelperText id="twofactor-help">{translate('profile.twofactor_help')}</FormHelperText>
      </CardContent>
    </Card>
  );
}
