import type { ReactNode } from 'react';
import { Alert, Card, CardContent, CardHeader, Skeleton } from '@mui/material';

/** The dashboard refreshes its figures this often (the fleet moves, but not by the second). */
export const DASHBOARD_REFRESH_MS = 30_000;

interface DashboardCardProps {
  /** Unique in the page: the heading's id, which names the card for screen readers. */
  id: string;
  title: string;
  error: Error | null;
  isPending: boolean;
  children: ReactNode;
}

/** One card of the dashboard: its heading, a placeholder while loading, or the server's error. */
export function DashboardCard({ id, title, error, isPending, children }: DashboardCardProps) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ height: '100%' }}>
      <CardHeader title={title} slotProps={{ title: { component: 'h2', variant: 'h6', id } }} />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <Alert severity="error">{error.message}</Alert>
        ) : isPending ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}
