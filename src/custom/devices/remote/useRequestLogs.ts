import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { FlotaDataProvider } from '../../../dataProvider';
import type { HelpdeskLists } from '../../../dataProvider/remoteCalls';

/** How often and how long the files are read again after asking for logs. */
export const LOGS_POLL_MS = 2000;
export const LOGS_POLL_LIMIT_MS = 40_000;

function paths(lists: HelpdeskLists | undefined): Set<string> {
  return new Set(Object.values(lists ?? {}).flatMap((files) => files.map((file) => file.fullpath)));
}

/**
 * "Pedir registros": notes the device's files, sends `logs`, then reads the files again until
 * one that was not there before arrives (or the limit passes), and then `refresh` shows the
 * list again.
 */
export function useRequestLogs(database: number, mid: string, refresh: () => void) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const failed = (error: unknown) => {
    const message = (error as Error).message;
    notify(message, { type: 'error', messageArgs: { _: message } });
    setWaiting(false);
  };

  const request = async () => {
    setWaiting(true);
    let before: Set<string>;
    try {
      before = paths(await dataProvider.helpdeskFiles(database, mid));
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
      return failed(error);
    }
    const started = Date.now();
    const poll = async () => {
      const now = paths(await dataProvider.helpdeskFiles(database, mid).catch(() => undefined));
      if ([...now].some((path) => !before.has(path))) {
        refresh();
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
