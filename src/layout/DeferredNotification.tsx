import { lazy, Suspense, useState } from 'react';
import { useNotificationContext } from 'ra-core';

const Notification = lazy(() =>
  import('./Notifications').then((module) => ({ default: module.Notification })),
);

/**
 * react-admin's notifications, drawn once there is one to show: until then nothing of the
 * Snackbar is loaded (issue 33, the home path carries only home). Kept once loaded.
 */
export function DeferredNotification() {
  const { notifications } = useNotificationContext();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notification />
    </Suspense>
  );
}
