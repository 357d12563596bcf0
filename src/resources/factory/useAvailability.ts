import { useEffect, useState } from 'react';
import { useDataProvider, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FieldSchema } from '../../../protocol/resource-schema';
import type { FlotaDataProvider } from '../../dataProvider';

export type Availability = 'idle' | 'checking' | 'available' | 'taken';

/** Time after the last key before the server is asked. */
const PAUSE_MS = 300;

/**
 * Whether the value being typed in a field with `available` is still free, asked of the server
 * a moment after each change (a login while it is typed, 001 §5 "login not available"). The
 * record's own value is free. Idle for fields without `available` and for empty values.
 */
export function useAvailability(field: FieldSchema): Availability {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const record = useRecordContext<Record<string, unknown>>();
  const value = useWatch({ name: field.source }) as unknown;
  // The last answer and the value it was for: an answer for an older value is not shown.
  const [answer, setAnswer] = useState<{ text: string; available: boolean } | null>(null);
  const text = typeof value === 'string' ? value.trim() : '';
  const asked = Boolean(field.available && text && record?.[field.source] !== text);
  useEffect(() => {
    if (!asked) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      dataProvider
        .valueAvailable(field.available!, text, record?.id as number | undefined, controller.signal)
        .then(({ available }) => setAnswer({ text, available }))
        .catch(() => undefined);
    }, PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [dataProvider, field.available, text, asked, record?.id]);
  if (!asked) return 'idle';
  if (answer?.text !== text) return 'checking';
  return answer.available ? 'available' : 'taken';
}
