import { InputAdornment, MenuItem, Stack, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { PLATFORMS } from '../../../protocol/devices';
import { usePlatformLabel } from '../mam/platforms';

interface SearchFiltersProps {
  text: string;
  onText: (text: string) => void;
  platform: string;
  onPlatform: (platform: string) => void;
}

/** The search box (MID or owner) and the platform filter of the global device search. */
export function SearchFilters({ text, onText, platform, onPlatform }: SearchFiltersProps) {
  const translate = useTranslate();
  const platformLabel = usePlatformLabel();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        type="search"
        size="small"
        label={translate('search.text')}
        value={text}
        onChange={(event) => onText(event.target.value)}
        sx={{ width: { xs: '100%', sm: 420 } }}
        slotProps={{
          htmlInput: { maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={translate('search.platform')}
        value={platform}
        onChange={(event) => onPlatform(event.target.value)}
        sx={{ width: { xs: '100%', sm: 240 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{translate('search.all_platforms')}</MenuItem>
        {PLATFORMS.map((name) => (
          <MenuItem key={name} value={name}>
            {platformLabel(name)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
