import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { KioskAppRow } from '../../../protocol/kiosk';
import type { KioskWifi } from '../../../protocol/resources/kiosk-config';
import type { FlotaDataProvider } from '../../dataProvider';
import type { KioskConfig } from '../../dataProvider/kioskCalls';
import { KioskQr } from './KioskQr';
import { WifiList } from './WifiList';

/**
 * The kiosk configuration dialog (002 §2 Simple kiosk page): the password, the launch-on-boot app
 * (one of the list), the wifi list and the enrolment QR code. Saved by UpdateConfig and
 * saveListWifis; the QR code is read again after a save, as it carries the wifi.
 */
export function KioskConfigDialog({ onClose }: { onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [config, setConfig] = useState<KioskConfig | null>(null);
  const [apps, setApps] = useState<KioskAppRow[]>([]);
  const [password, setPassword] = useState('');
  const [launch, setLaunch] = useState('');
  const [wifis, setWifis] = useState<KioskWifi[]>([]);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const read = () => Promise.all([dataProvider.kioskConfig(), dataProvider.kioskApps()]);
  const show = ([got, list]: [KioskConfig, KioskAppRow[]]) => {
    setConfig(got);
    setApps(list);
    setPassword(got.password);
    setLaunch(got.launchonboot ?? '');
    setWifis(got.wifis);
  };
  useEffect(() => {
    let live = true;
    read().then(
      (answer) => live && show(answer),
      (error: Error) => live && setProblem(error.message),
    );
    return () => {
      live = false;
    };
    // Read once when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const save = async () => {
    setTried(true);
    if (!password.trim()) return;
    setSaving(true);
    setProblem(null);
    try {
      await dataProvider.saveKioskConfig({
        password: password.trim(),
        launchonboot: launch || null,
      });
      await dataProvider.saveKioskWifis(wifis);
      notify('kiosk.updated', { type: 'success' });
      show(await read());
    } catch (error) {
      setProblem(`${translate('kiosk.update_error')}: ${(error as Error).message}`);
    } finally {
      setSaving(false);
    }
  };
  const noPassword = tried && !password.trim();

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="md"
      aria-labelledby="kiosk-config-title"
    >
      <DialogTitle id="kiosk-config-title">{translate('kiosk.config_title')}</DialogTitle>
      <DialogContent>
        {!config && !problem && <CircularProgress aria-label={translate('ra.page.loading')} />}
        {config && (
          <Stack spacing={3} sx={{ pt: 1 }}>
            <TextField
              label={translate('kiosk.password')}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
              error={noPassword}
              helperText={
                noPassword ? translate('kiosk.password_required') : translate('kiosk.password_help')
              }
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <TextField
              select
              label={translate('kiosk.launchonboot')}
              value={launch}
              onChange={(event) => setLaunch(event.target.value)}
            >
              <MenuItem value="">{translate('kiosk.none')}</MenuItem>
              {apps.map((app) => (
                <MenuItem key={app.Id} value={app.Package}>
                  {app.Name} ({app.Package})
                </MenuItem>
              ))}
            </TextField>
            <WifiList wifis={wifis} onChange={setWifis} />
            <KioskQr text={config.QRtext} hasAgent={Boolean(config.agent?.Checksum)} />
          </Stack>
        )}
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('kiosk.close')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={!config || saving}>
          {translate('kiosk.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
