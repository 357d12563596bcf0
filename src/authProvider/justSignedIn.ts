/** A sign-in just completed in this tab: the console then adopts the profile's language once. */
const KEY = 'flota.justSignedIn';

export function markJustSignedIn(): void {
  sessionStorage.setItem(KEY, '1');
}

/** Whether a sign-in just completed, forgetting it. */
export function takeJustSignedIn(): boolean {
  const marked = sessionStorage.getItem(KEY) === '1';
  sessionStorage.removeItem(KEY);
  return marked;
}
