import { useEffect } from 'react';
import { useListContext } from 'react-admin';

/** 001 §7: the global search is polled every second. */
export const SEARCH_POLL_MS = 1000;

/**
 * The global search's own part above its list, the `search` list's header slot
 * (src/resources/slots.ts): it reads the page again every second while the browser shows it,
 * keeping the rows on screen meanwhile (001 §7). A row opens its device in its project's device
 * list (DeviceSearchOpen, `foundDeviceAddress`).
 */
export function DeviceSearchHeader() {
  const { refetch } = useListContext();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refetch();
    }, SEARCH_POLL_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  return null;
}
