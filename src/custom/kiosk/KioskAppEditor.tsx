import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Stack,
  TextField,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import type { EditorProps } from '../../resources/slots';
import { ApkPicker, type ApkState } from './ApkPicker';

const FLAGS = ['Visible', 'Whitelist', 'Uninstall', 'Executeapp'] as const;
type Flag = (typeof FLAGS)[number];

/** A new app's flags (002 §4 Simple kiosk): Visible 1, Whitelist 1, Uninstall 0, Executeapp 0. */
const NEW_FLAGS: Record<Flag, boolean> = {
  Visible: true,
  Whitelist: true,
  Uninstall: false,
  Executeapp: false,
};

function apkOf(record: RaRecord | null): ApkState {
  if (!record?.Checksum) return null;
  const pick = (source: string) => (record[source] ?? null) as never;
  return {
    Checksum: pick('Checksum'),
    Package: pick('Package'),
    Version: pick('Version'),
    VersionCode: pick('VersionCode'),
    MinSdk: pick('MinSdk'),
    Filesize: pick('Filesize'),
    URL: pick('URL'),
  };
}

/**
 * The kiosk app editor (a slot of kiosk-apps): the APK (uploaded and read by the server), the
 * name and package, and the four flags; ticking Uninstall clears Whitelist (§4). Editing an app
 * without URL (a system app) skips the APK step (§4): only its name, package, version and flags.
 * Saved by AppUpdate (POST /api/kiosk/Actions).
 */
export function KioskAppEditor({ target, onClose }: EditorProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const record = target === 'create' || !target ? null : target;
  const systemApp = record !== null && !record.URL;
  const [apk, setApk] = useState<ApkState>(apkOf(record));
  const [name, setName] = useState(String(record?.Name ?? ''));
  const [pkg, setPkg] = useState(String(record?.Package ?? ''));
  const [version, setVersion] = useState(String(record?.Version ?? ''));
  const [flags, setFlags] = useState<Record<Flag, boolean>>(
    record
      ? (Object.fromEntries(FLAGS.map((f) => [f, Boolean(record[f])])) as Record<Flag, boolean>)
      : NEW_FLAGS,
  );
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const shownPackage = apk ? apk.Package : pkg;
  const shownVersion = apk ? (apk.Version ?? '') : version;
  const shownName = name || (apk && !record ? apk.Package : '');
  const tick = (flag: Flag, value: boolean) =>
    setFlags((now) => ({
      ...now,
      [flag]: value,
      ...(flag === 'Uninstall' && value ? { Whitelist: false } : {}),
    }));

  const save = async () => {
    setTried(true);
    if (!shownName.trim() || !shownPackage.trim()) return;
    setSaving(true);
    setProblem(null);
    try {
      await dataProvider.saveKioskApp({
        ...(record ? { Id: Number(record.id), version: Number(record.version) } : {}),
        Name: shownName.trim(),
        Package: shownPackage.trim(),
        Version: shownVersion.trim() || null,
        Checksum: apk?.Checksum ?? null,
        ...Object.fromEntries(FLAGS.map((f) => [f, flags[f] ? 1 : 0])),
      });
      notify('kiosk.updated', { type: 'success' });
      onClose(true);
    } catch (error) {
      setProblem(`${translate('kiosk.update_error')}: ${(error as Error).message}`);
    } finally {
      setSaving(false);
    }
  };
  const required = (value: string) => tried && !value.trim();

  return (
    <Dialog
      open
      onClose={() => onClose()}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby="kiosk-app-title"
    >
      <DialogTitle id="kiosk-app-title">
        {record
          ? translate('kiosk.app_title_edit', { name: record.Name })
          : translate('kiosk.app_title_new')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {systemApp ? (
            <Alert severity="info">{translate('kiosk.system_app')}</Alert>
          ) : (
            <ApkPicker apk={apk} onChange={setApk} />
          )}
          <TextField
            label={translate('resources.kiosk-apps.fields.Name')}
            value={shownName}
            onChange={(event) => setName(event.target.value)}
            required
            error={required(shownName)}
            helperText={required(shownName) ? translate('kiosk.required') : ' '}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            label={translate('resources.kiosk-apps.fields.Package')}
            value={shownPackage}
            onChange={(event) => setPkg(event.target.value)}
            disabled={apk !== null}
            required
            error={required(shownPackage)}
            helperText={required(shownPackage) ? translate('kiosk.required') : ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            label={translate('resources.kiosk-apps.fields.Version')}
            value={shownVersion}
            onChange={(event) => setVersion(event.target.value)}
            disabled={apk !== null}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <FormGroup row>
            {FLAGS.map((flag) => (
              <FormControlLabel
                key={flag}
                control={
                  <Checkbox
                    checked={flags[flag]}
                    onChange={(event) => tick(flag, event.target.checked)}
                  />
                }
                label={translate(`resources.kiosk-apps.fields.${flag}`)}
              />
            ))}
          </FormGroup>
          {problem && <Alert severity="error">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose()}>{translate('kiosk.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving}>
          {translate('kiosk.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
