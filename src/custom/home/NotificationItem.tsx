import { Box, Button, Chip, ListItem, ListItemText, Stack } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import type { NotificationRow } from '../../dataProvider';
import { formatDateTime } from '../../i18n/formats';

interface NotificationItemProps {
  notification: NotificationRow;
  onMarkRead(id: number): void;
  marking: boolean;
}

export function NotificationItem({ notification, onMarkRead, marking }: NotificationItemProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const { id, title, body, created_at, read } = notification;
  const date = formatDateTime(created_at, locale);

  return (
    <ListItem divider alignItems="flex-start" sx={{ flexWrap: 'wrap', gap: 1 }}>
      <ListItemText
        sx={{ flex: '1 1 16rem', m: 0 }}
        primary={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box component="span" sx={{ fontWeight: read ? 400 : 600 }}>
              {title}
            </Box>
            {!read && (
              <Chip size="small" color="primary" label={translate('home.notifications.unread')} />
            )}
          </Stack>
        }
        secondary={
          <>
            <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
              {body}
            </Box>
            <Box
              component="time"
              dateTime={created_at}
              sx={{ display: 'block', mt: 0.5, fontSize: '0.75rem' }}
            >
              {date}
            </Box>
          </>
        }
      />
      {!read && (
        <Button size="small" onClick={() => onMarkRead(id)} disabled={marking}>
          {translate('home.notifications.mark_read')}
        </Button>
      )}
    </ListItem>
  );
}
