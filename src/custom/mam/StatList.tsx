import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';

export interface Stat {
  key: string;
  label: string;
  value: ReactNode;
}

/** Figures as label and value pairs (a description list), laid out in as many columns as fit. */
export function StatList({ stats }: { stats: Stat[] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
        gap: 2,
        m: 0,
      }}
    >
      {stats.map((stat) => (
        <div key={stat.key}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {stat.label}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {stat.value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}
