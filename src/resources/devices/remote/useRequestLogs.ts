import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { HelpdeskLists } from '../../../dataProvider/remoteCalls';

/** How often and how long the lists are read again after asking for logs. */
export const LOGS_POLL_MS = 2000;
export const LOGS_POLL_LIMIT_MS = 40_000;

function paths(lists: HelpdeskLists | undefined): Set<string> {
  return new Set(Object.values(lists ?? {}).flatMap((files) => files.map((file) => file.fullpath)));
}

/**
 * "Pedir registros": sends `logs` to the device, then refreshes the lists until a file that was
 * not there before arrives (or the limit passes).
 */
export function useRequestLogs(
  database: number,
  mid: string,
  lists: HelpdeskLists | undefined,
  refetch: () => Promise<{ data?: HelpdeskLists }>,
) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const request = async () => {
    const before = paths(lists);
    setWaiting(true);
    try {
      const { results } = await dataProvider.sendCommand(database, 'logs', [mid]);
      const state = results[0]?.state;
      if (state === 'offline' || state === 'failed' || state === 'timeout') {
        const key = state === 'offline' ? 'remote.toast.offline' : 'remote.toast.failed';
        notify(key, {
          type: state === 'offline' ? 'info' : 'error',
          messageArgs: { device: mid, command: 'logs', message: results[0]?.msg ?? state },
        });
        setWaiting(false);
        return;
      }
    } catch (error) {
      notify((error as Error).message, {
        type: 'error',
        messageArgs: { _: (error as Error).message },
      });
      setWaiting(false);
      return;
    }
    const started = Date.now();
    const poll = async () => {
      const { data } = await refetch();
      const arrived = [...paths(data)].some((path) => !before.has(path));
      if (arrived) {
        notify('remote.helpdesk.arrived', { type: 'success' });
        setWaiting(false);
      } else if (Date.now() - started > LOGS_POLL_LIMIT_MS) {
        notify('remote.helpdesk.none_arrived', { type: 'warning' });
        setWaiting(false);
      } else {
        timer.current = setTimeout(poll, LOGS_POLL_MS);
      }
    };
    await poll();
  };
  return { request, waiting };
}
