import { useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDataProvider, useLocale, useTranslate } from 'react-admin';
import type { UploadedApk } from '../../../protocol/kiosk';
import type { FlotaDataProvider } from '../../dataProvider';

/** What the app has of its APK: uploaded now, or the one it had; null for a system app. */
export type ApkState = Pick<
  UploadedApk,
  'Checksum' | 'Package' | 'Version' | 'VersionCode' | 'MinSdk' | 'Filesize' | 'URL'
> | null;

interface ApkPickerProps {
  apk: ApkState;
  onChange(apk: ApkState): void;
}

/**
 * The app editor's APK (002 §2 "A file upload is used for an app package (only one file
 * queued)"): choosing a file uploads it at once (POST /api/UploadFile) and shows what its
 * manifest says; a new choice replaces it, so only the latest stays.
 */
export function ApkPicker({ apk, onChange }: ApkPickerProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setUploading(file.name);
    setProblem(null);
    try {
      onChange(await dataProvider.uploadKioskApk(file));
    } catch (error) {
      setProblem((error as Error).message);
    } finally {
      setUploading(null);
      if (input.current) input.current.value = '';
    }
  };
  const size = (bytes: number | null) => {
    const kb = (bytes ?? 0) / 1024;
    const [value, unit] = kb < 1024 ? [kb, 'KB'] : [kb / 1024, 'MB'];
    return `${value.toLocaleString(locale, { maximumFractionDigits: 1 })} ${unit}`;
  };

  return (
    <Box>
      <Typography variant="subtitle2">{translate('kiosk.apk')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('kiosk.apk_help')}
      </Typography>
      {apk && (
        <Typography variant="body2" sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="apk-read">
          {apk.URL} —{' '}
          {translate('kiosk.apk_read', {
            package: apk.Package,
            version: apk.Version ?? '—',
            code: apk.VersionCode ?? '—',
            sdk: apk.MinSdk ?? '—',
            size: size(apk.Filesize),
          })}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          size="small"
          startIcon={<UploadFileIcon />}
          disabled={uploading !== null}
          onClick={() => input.current?.click()}
        >
          {translate(apk ? 'kiosk.apk_replace' : 'kiosk.apk_choose')}
        </Button>
        {apk && (
          <Button size="small" onClick={() => onChange(null)}>
            {translate('kiosk.apk_remove')}
          </Button>
        )}
      </Stack>
      <input
        ref={input}
        type="file"
        accept=".apk,application/vnd.android.package-archive"
        hidden
        aria-label={translate('kiosk.apk_choose')}
        data-testid="apk-input"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      {uploading && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('kiosk.apk_uploading', { name: uploading })}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}
