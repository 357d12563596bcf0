import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  AddNotificationContext,
  useAddNotificationContext,
  type NotificationPayload,
} from 'ra-core';
import { onEmptyDownload, takeRefusal, type RefusalSurface } from '../dataProvider/surfaces';

const RefusalDialog = lazy(() =>
  import('./RefusalDialog').then((module) => ({ default: module.RefusalDialog })),
);

/**
 * The console's one gate of notifications: every `notify` passes here. A notification of a
 * refused answer whose code asks for a dialog (src/dataProvider/surfaces.ts: "-1" information,
 * "-2" warning, the devices listing's 'Atención!') opens that dialog with the description instead
 * of a toast; a download of no bytes adds its warning.
 */
export function RefusalSurfaces({ children }: { children: ReactNode }) {
  const add = useAddNotificationContext();
  const [shown, setShown] = useState<{ surface: RefusalSurface; text: string } | null>(null);
  const gate = useCallback(
    (notification: NotificationPayload) => {
      const surface = takeRefusal(notification.message);
      if (surface) setShown({ surface, text: String(notification.message) });
      else add(notification);
    },
    [add],
  );
  useEffect(
    () =>
      onEmptyDownload(() =>
        add({ message: 'app.empty_download', type: 'warning', notificationOptions: {} }),
      ),
    [add],
  );
  return (
    <AddNotificationContext.Provider value={gate}>
      {children}
      {shown && (
        <Suspense fallback={null}>
          <RefusalDialog {...shown} onClose={() => setShown(null)} />
        </Suspense>
      )}
    </AddNotificationContext.Provider>
  );
}
