/** The APNs certificate's expiry is warned this many days ahead (issue 36). */
export const APNS_WARN_DAYS = 30;
/** The topic of an Apple MDM push certificate starts so (its subject's UID). */
export const APNS_TOPIC_PREFIX = 'com.apple.mgmt.';
/** The largest certificate file taken (a PEM certificate is a few KB). */
export const APNS_MAX_BYTES = 64 * 1024;

const DAY_MS = 24 * 60 * 60 * 1000;

/** How an expiry reads: past, within the warning's days, or fine. */
export function expiryState(expiry: Date | string | null, now = new Date()) {
  if (!expiry) return 'none' as const;
  const left = new Date(expiry).getTime() - now.getTime();
  if (left <= 0) return 'expired' as const;
  return left <= APNS_WARN_DAYS * DAY_MS ? ('soon' as const) : ('valid' as const);
}

/** Whole days left until the expiry (0 once past). */
export const daysLeft = (expiry: Date | string, now = new Date()) =>
  Math.max(0, Math.floor((new Date(expiry).getTime() - now.getTime()) / DAY_MS));
