import CircleIcon from '@mui/icons-material/Circle';
import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A device's connection state: "En línea" in green, or "Desconectado" in grey. */
export function ConnectionChip({ online }: { online: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={online ? 'success' : 'default'}
      icon={<CircleIcon sx={{ fontSize: '0.7rem' }} />}
      label={translate(online ? 'presence.online' : 'presence.offline')}
      title={translate(online ? 'presence.online_title' : 'presence.offline_title')}
      data-connection={online ? 'online' : 'offline'}
      sx={{
        '.MuiChip-icon': { color: online ? 'success.main' : 'text.disabled' },
        // The darker green keeps 4.5:1 on a selected or coloured row too (axe-core).
        ...(online && { color: 'success.dark', borderColor: 'success.main' }),
      }}
    />
  );
}
