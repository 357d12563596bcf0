import { useEffect, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { FlotaDataProvider } from '../../dataProvider';
import { SignallingClient } from './signalling';

/**
 * A signalling client of `database`'s live sessions, opened with the caller's access token while
 * `open`, and opened anew whenever `attempt` changes (a refresh, a reconnection); the one before
 * is closed. With `clearBetween`, no client is given while the next one opens (a dialog shows
 * nothing of the device it watched before); without it the old one stays shown until then.
 */
export function useSignallingClient(
  database: number,
  {
    open = true,
    attempt = 0,
    clearBetween = false,
  }: { open?: boolean; attempt?: unknown; clearBetween?: boolean } = {},
): SignallingClient | null {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [client, setClient] = useState<SignallingClient | null>(null);
  useEffect(() => {
    if (!open) return;
    let opened: SignallingClient | null = null;
    let cancelled = false;
    void dataProvider.liveToken().then((token) => {
      if (cancelled) return;
      opened = new SignallingClient(database, token ?? '');
      opened.connect();
      setClient(opened);
    });
    return () => {
      cancelled = true;
      opened?.close();
      if (clearBetween) setClient(null);
    };
  }, [dataProvider, database, open, attempt, clearBetween]);
  return client;
}
