import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, CardHeader, LinearProgress, List, Typography } from '@mui/material';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { FlotaDataProvider } from '../../dataProvider';
import { PATHS } from '../../paths';
import { NotificationItem } from './NotificationItem';
import { Pager } from './Pager';

const PER_PAGE = 10;
const NOTIFICATIONS_KEY = ['flota', 'notifications'] as const;

/** The user's notifications, paged on the server, each one can be marked as read. */
export function NotificationsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(0);

  const { data, error, isFetching } = useQuery({
    queryKey: [...NOTIFICATIONS_KEY, page],
    queryFn: ({ signal }) =>
      dataProvider.notifications({ start: page * PER_PAGE, length: PER_PAGE }, signal),
    placeholderData: keepPreviousData,
  });
  const markRead = useMutation({
    mutationFn: (id: number) => dataProvider.markNotificationRead(id),
    onSuccess: () => {
      notify('home.notifications.marked', { type: 'success' });
      return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
    onError: (failure: Error) => notify(failure.message, { type: 'error' }),
  });

  return (
    <Card component="section" aria-labelledby="notifications-title">
      <CardHeader
        title={translate('home.notifications.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'notifications-title' } }}
        action={
          <Button component={Link} to={PATHS.notifications} size="small">
            {translate('home.notifications.see_all')}
          </Button>
        }
      />
      {isFetching && <LinearProgress />}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && data.data.length === 0 && (
        <Typography color="text.secondary" sx={{ px: 2, pb: 2 }}>
          {translate('home.notifications.empty')}
        </Typography>
      )}
      {data && data.data.length > 0 && (
        <>
          <List disablePadding>
            {data.data.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                onMarkRead={markRead.mutate}
                marking={markRead.isPending}
              />
            ))}
          </List>
          <Pager page={page} perPage={PER_PAGE} total={Number(data.total)} onPage={setPage} />
        </>
      )}
    </Card>
  );
}
