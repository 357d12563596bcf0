import type { ReactNode } from 'react';
import { Card, CardActions, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** One task of the toolbox: its title, what it does, and its inputs and button. */
export function ToolCard({ name, children }: { name: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(`tools.${name}.title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`tools.${name}.text`)}
        </Typography>
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>{children}</CardActions>
    </Card>
  );
}
