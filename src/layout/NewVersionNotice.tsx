import { useEffect } from 'react';
import { ApplicationUpdatedNotification, useNotify } from 'react-admin';
import { SESSION } from '../../protocol/session';
import { APP_VERSION, VERSION_URL } from './version';

async function serverVersion(signal: AbortSignal): Promise<string | null> {
  const response = await fetch(VERSION_URL, { cache: 'no-store', signal });
  if (!response.ok) return null;
  const body = (await response.json()) as { version?: unknown };
  return typeof body.version === 'string' ? body.version : null;
}

/**
 * Asks the server for its version every SESSION.newVersionCheckMs; while it differs from the
 * running build, shows a notice with a reload button for SESSION.newVersionDialogMs (000 §4, §9).
 * Off under the Vite dev server, whose build has no version of its own.
 */
export function NewVersionNotice({ currentVersion = APP_VERSION, enabled = !import.meta.env.DEV }) {
  const notify = useNotify();
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const check = () =>
      serverVersion(controller.signal)
        .then((version) => {
          if (!version || version === currentVersion) return;
          notify(
            <ApplicationUpdatedNotification
              notificationText="session.new_version"
              updateText="session.reload"
            />,
            {
              type: 'info',
              autoHideDuration: SESSION.newVersionDialogMs,
            },
          );
        })
        .catch(() => undefined); // offline or restarting: ask again next time
    void check();
    const timer = setInterval(check, SESSION.newVersionCheckMs);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [notify, currentVersion, enabled]);
  return null;
}
