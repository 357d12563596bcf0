import { useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** Icons up to this size (the server takes 700 000 characters of base64). */
const ICON_MAX_BYTES = 500 * 1024;

/** The app's icon: a PNG read as a data URL, with its preview; none by default. */
export function IconPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange(icon: string | null): void;
}) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    if (file.type !== 'image/png') return setProblem('frameworks.icon_not_png');
    if (file.size > ICON_MAX_BYTES) return setProblem('frameworks.icon_too_large');
    const reader = new FileReader();
    reader.onload = () => onChange(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('frameworks.icon')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {value && <img src={value} alt="" width={48} height={48} />}
        <Button variant="outlined" onClick={() => input.current?.click()}>
          {translate('frameworks.icon_choose')}
        </Button>
        {value && (
          <Button onClick={() => onChange(null)}>{translate('frameworks.icon_remove')}</Button>
        )}
        <input
          ref={input}
          type="file"
          accept="image/png"
          hidden
          aria-label={translate('frameworks.icon')}
          onChange={(event) => pick(event.target.files?.[0])}
        />
      </Stack>
      {problem && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate(problem)}
        </Alert>
      )}
    </Box>
  );
}
