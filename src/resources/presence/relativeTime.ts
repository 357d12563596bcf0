/** The unit a relative time is said in, and how many of them (the `presence.ago.*` texts). */
export interface RelativeTime {
  unit: 'now' | 'minutes' | 'hours' | 'days' | 'months' | 'years';
  count: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago `then` was at `now`, rounded down to a whole unit: under a minute is "now" (as is
 * a date ahead of the clock), then minutes, hours, days up to 30, months up to a year, years.
 * @example relativeTime(new Date('2026-11-29T10:00Z'), new Date('2026-11-29T10:03:20Z')) // { unit: 'minutes', count: 3 }
 */
export function relativeTime(then: Date, now: Date): RelativeTime {
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < MINUTE) return { unit: 'now', count: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return { unit: 'days', count: days };
  if (days < 365) return { unit: 'months', count: Math.floor(days / 30) };
  return { unit: 'years', count: Math.floor(days / 365) };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** "hace 3 min" · "3 min ago", in the console's language. */
export function relativeTimeText(then: Date, now: Date, translate: Translate): string {
  const { unit, count } = relativeTime(then, now);
  return translate(`presence.ago.${unit}`, { smart_count: count });
}
