import { useSyncExternalStore } from 'react';

/** The device a global search row opened: its project and its ID there. */
export interface OpenedDevice {
  database: number;
  ID: number;
}

/**
 * Which device the global search shows in its dialog, shared by the row that opens it and the
 * list's header that holds the dialog: the dialog outlives its row, which a poll may move off the
 * page while the device is being edited.
 */
let opened: OpenedDevice | null = null;
const listeners = new Set<() => void>();

export function openDevice(device: OpenedDevice | null) {
  opened = device;
  for (const listener of listeners) listener();
}

export function useOpenedDevice(): OpenedDevice | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => opened,
  );
}
