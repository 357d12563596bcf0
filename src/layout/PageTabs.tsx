import type { ReactNode } from 'react';
import { Box, Tabs } from '@mui/material';

/**
 * A page's tabs, scrolled within the page's width: on a phone, scrollable tabs must not widen
 * the page (the box takes the page's width), as the 375 px sweep checks.
 */
export function PageTabs<T extends string>({
  value,
  onChange,
  children,
}: {
  value: T;
  onChange: (next: T) => void;
  children: ReactNode;
}) {
  return (
    <Box sx={{ minWidth: 0, contain: 'inline-size' }}>
      <Tabs
        value={value}
        onChange={(_, next: T) => onChange(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}
      >
        {children}
      </Tabs>
    </Box>
  );
}
