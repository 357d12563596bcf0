import type { ReactNode } from 'react';
import { Box, Link as MuiLink, List, ListItem, Typography } from '@mui/material';
import { useLocale, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { deviceListAddress, oneDeviceFilter } from '../../../protocol/fleet';
import { formatDateTime } from '../../i18n/formats';
import { DashboardCard } from '../mam/DashboardCard';

export interface RecentRow {
  key: number;
  mid: string;
  /** What happened: the error's text, the command and its state. */
  what: ReactNode;
  at: string;
}

interface RecentCardProps {
  /** Unique in the page: the heading's id. */
  id: string;
  title: string;
  empty: string;
  database: number;
  rows: RecentRow[];
}

/** The newest errors or commands of the project, each with a link to its device in the list. */
export function RecentCard({ id, title, empty, database, rows }: RecentCardProps) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <DashboardCard id={id} title={title} error={null} isPending={false}>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List dense disablePadding>
          {rows.map((row) => (
            <ListItem key={row.key} divider disableGutters sx={{ display: 'block' }}>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
                <MuiLink
                  component={Link}
                  to={deviceListAddress(database, oneDeviceFilter(row.mid))}
                  title={translate('home.fleet.device_link', { mid: row.mid })}
                  sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                >
                  {row.mid}
                </MuiLink>
                <Typography
                  component="time"
                  dateTime={row.at}
                  variant="caption"
                  color="text.secondary"
                >
                  {formatDateTime(row.at, locale)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {row.what}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </DashboardCard>
  );
}
