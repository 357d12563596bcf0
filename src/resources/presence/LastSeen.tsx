import { useEffect, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { formatDateTime } from '../../i18n/formats';
import { relativeTimeText } from './relativeTime';

/** The time now, read again every `everyMs` so that "hace 3 min" moves on by itself. */
function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const asDate = (value: unknown): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value as string);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** When a device was last seen, as "hace 3 min" with the exact date and time on hover. */
export function LastSeen({ value, prefix = false }: { value: unknown; prefix?: boolean }) {
  const translate = useTranslate();
  const locale = useLocale();
  const now = useNow();
  const date = asDate(value);
  if (!date) {
    return <span title={translate('presence.never_title')}>{translate('presence.never')}</span>;
  }
  const when = relativeTimeText(date, now, translate);
  const exact = formatDateTime(date, locale, { seconds: true });
  return (
    <time
      dateTime={date.toISOString()}
      title={translate('presence.last_seen_title', { date: exact })}
      data-last-seen
    >
      {prefix ? translate('presence.last_seen', { when }) : when}
    </time>
  );
}
