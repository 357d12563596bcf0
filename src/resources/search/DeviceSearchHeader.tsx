import { lazy, Suspense, useEffect, useState } from 'react';
import { useListContext } from 'react-admin';
import { openDevice, useOpenedDevice, type OpenedDevice } from './openedDevice';

// The dialog is large and only needed once a device is opened.
const DeviceEditDialog = lazy(() =>
  import('../devices/edit/DeviceEditDialog').then((module) => ({
    default: module.DeviceEditDialog,
  })),
);

/** 001 §7: the global search is polled every second. */
export const SEARCH_POLL_MS = 1000;

/**
 * The global search's own parts above its list, the `search` list's header slot
 * (src/resources/slots.ts): it reads the page again every second while the browser shows it,
 * keeping the rows on screen meanwhile (001 §7), and holds the device edit dialog of the device
 * a row opened (DeviceSearchOpen); a save made there reads the list again.
 */
export function DeviceSearchHeader() {
  const { refetch } = useListContext();
  const opened = useOpenedDevice();
  // The last device opened stays mounted while its dialog animates out.
  const [shown, setShown] = useState<OpenedDevice | null>(null);
  if (opened && opened !== shown) setShown(opened);
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refetch();
    }, SEARCH_POLL_MS);
    return () => clearInterval(timer);
  }, [refetch]);
  // Leaving the screen closes the dialog: coming back does not reopen it.
  useEffect(() => () => openDevice(null), []);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <DeviceEditDialog
        database={shown.database}
        deviceId={shown.ID}
        open={opened !== null}
        onClose={(saved) => {
          openDevice(null);
          if (saved) void refetch();
        }}
      />
    </Suspense>
  );
}
