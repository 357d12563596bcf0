import { lazy, Suspense, useSyncExternalStore, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

// MUI's Tooltip brings Popper (popper.js, 11 KB gzip): a chunk of its own, fetched when the
// first hint is drawn, so that the home path does not wait for it (issue 17, speed).
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/**
 * Hints are wanted once a person points at, touches, tabs or types in the page: the Tooltip chunk
 * is asked for then, not while the first screen is still loading (issue 33, "nothing but home's
 * own code before it is usable"; a timer fired before home was usable on a loaded machine).
 */
let wanted = false;
const listeners = new Set<() => void>();
const EVENTS = ['pointerover', 'focusin', 'touchstart', 'keydown'] as const;

function want() {
  if (wanted) return;
  wanted = true;
  for (const event of EVENTS) document.removeEventListener(event, want, true);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  if (!wanted && listeners.size === 0) {
    for (const event of EVENTS) document.addEventListener(event, want, true);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const hintsWanted = () => wanted;

/**
 * MUI's Tooltip, loaded after the first screen: until it is, the element is shown without its
 * hint (its accessible name comes from its own label, never from the hint).
 */
export function Hint({ children, ...props }: TooltipProps & { children: ReactElement }) {
  const ready = useSyncExternalStore(subscribe, hintsWanted, hintsWanted);
  if (!ready) return children;
  return (
    <Suspense fallback={children}>
      <Tooltip {...props}>{children}</Tooltip>
    </Suspense>
  );
}
