import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import {
  WIFI_SECURITY_MODES,
  type KioskWifi,
  type WifiSecurityMode,
} from '../../../protocol/resources/kiosk-config';

interface WifiListProps {
  wifis: KioskWifi[];
  onChange(wifis: KioskWifi[]): void;
}

/**
 * The kiosk's wifi list (002 §3/§4 Simple kiosk): a wifi is added only when its ssid, password and
 * security mode are all filled and its ssid is not listed yet; each can be removed.
 */
export function WifiList({ wifis, onChange }: WifiListProps) {
  const translate = useTranslate();
  const [ssid, setSsid] = useState('');
  const [password, setPassword] = useState('');
  const [mode, setMode] = useState<WifiSecurityMode | ''>('');
  const [autoconnect, setAutoconnect] = useState(true);
  const listed = wifis.some((wifi) => wifi.ssid === ssid.trim());
  const complete = Boolean(ssid.trim() && password.trim() && mode);

  const add = () => {
    if (!complete || listed) return;
    const wifi = {
      ssid: ssid.trim(),
      password: password.trim(),
      securitymode: mode as WifiSecurityMode,
      autoconnect,
    };
    onChange([...wifis, wifi]);
    setSsid('');
    setPassword('');
    setMode('');
  };

  return (
    <Box>
      <Typography variant="subtitle2">{translate('kiosk.wifis')}</Typography>
      {wifis.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('kiosk.no_wifis')}
        </Typography>
      ) : (
        <List dense aria-label={translate('kiosk.wifis')}>
          {wifis.map((wifi) => (
            <ListItem
              key={wifi.ssid}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={translate('kiosk.remove_wifi', { ssid: wifi.ssid })}
                  onClick={() => onChange(wifis.filter((one) => one.ssid !== wifi.ssid))}
                >
                  <DeleteIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={wifi.ssid}
                secondary={`${wifi.securitymode}${wifi.autoconnect ? ` · ${translate('kiosk.autoconnect')}` : ''}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <TextField
          size="small"
          label={translate('kiosk.ssid')}
          value={ssid}
          onChange={(e) => setSsid(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 32 } }}
        />
        <TextField
          size="small"
          label={translate('kiosk.wifi_password')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 64 } }}
        />
        <TextField
          size="small"
          select
          label={translate('kiosk.securitymode')}
          value={mode}
          onChange={(e) => setMode(e.target.value as WifiSecurityMode)}
          sx={{ minWidth: 120 }}
        >
          {WIFI_SECURITY_MODES.map((value) => (
            <MenuItem key={value} value={value}>
              {value}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox checked={autoconnect} onChange={(e) => setAutoconnect(e.target.checked)} />
          }
          label={translate('kiosk.autoconnect')}
        />
        <Button size="small" variant="outlined" onClick={add} disabled={!complete || listed}>
          {translate('kiosk.add_wifi')}
        </Button>
      </Stack>
      <Typography variant="caption" color={listed ? 'error' : 'text.secondary'}>
        {listed
          ? translate('kiosk.wifi_listed', { ssid: ssid.trim() })
          : complete
            ? ' '
            : translate('kiosk.wifi_incomplete')}
      </Typography>
    </Box>
  );
}
