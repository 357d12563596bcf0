import { lazy, Suspense, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

// MUI's Tooltip brings Popper (popper.js, 11 KB gzip): a chunk of its own, fetched when the
// first hint is drawn, so that the home path does not wait for it (issue 17, speed).
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * MUI's Tooltip, loaded after the first screen: until it is, the element is shown without its
 * hint (its accessible name comes from its own label, never from the hint).
 */
export function Hint({ children, ...props }: TooltipProps & { children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
