/**
 * The location to return to after sign-in, under react-admin's own key
 * (ra-core's PreviousLocationStorageKey, written out so that the boot script needs no ra-core).
 */
export const PREVIOUS_LOCATION_KEY = '@react-admin/nextPathname';

/** Remembers an /app/ location so that the sign-in callback returns there. */
export function rememberLocation(location: Pick<Location, 'pathname' | 'search'>): void {
  if (location.pathname.startsWith('/app/')) {
    localStorage.setItem(PREVIOUS_LOCATION_KEY, location.pathname + location.search);
  }
}

/** The remembered /app/ location, forgetting it. */
export function takeRememberedLocation(): string | null {
  const previous = localStorage.getItem(PREVIOUS_LOCATION_KEY);
  localStorage.removeItem(PREVIOUS_LOCATION_KEY);
  return previous?.startsWith('/app/') ? previous : null;
}
