import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { RaRecord } from 'react-admin';
import { DeviceDetailDialog } from './DeviceDetailDialog';
import { MoveDeviceDialog } from './MoveDeviceDialog';

interface DeviceDialogs {
  /** Opens a device's detail. */
  detail(device: RaRecord): void;
  /** Opens the move of devices (one, or the selection) to another profile. */
  move(devices: RaRecord[]): void;
}

const DeviceDialogsContext = createContext<DeviceDialogs | null>(null);

/**
 * The dialogs a kiosk device row opens (its detail, the move), held above the lists: a list's
 * rows become cards, remounted, when the window crosses the phone width, and a dialog opened
 * from a row stays open (with its tab) across that switch.
 */
export function DeviceDialogsProvider({ children }: { children: ReactNode }) {
  const [detail, setDetail] = useState<RaRecord | null>(null);
  const [moving, setMoving] = useState<RaRecord[] | null>(null);
  const open = useMemo<DeviceDialogs>(() => ({ detail: setDetail, move: setMoving }), []);
  return (
    <DeviceDialogsContext.Provider value={open}>
      {children}
      <DeviceDetailDialog device={detail} onClose={() => setDetail(null)} />
      <MoveDeviceDialog devices={moving} onClose={() => setMoving(null)} />
    </DeviceDialogsContext.Provider>
  );
}

/** The device dialogs of the premium kiosk page. */
export function useDeviceDialogs(): DeviceDialogs {
  const dialogs = useContext(DeviceDialogsContext);
  if (!dialogs) throw new Error('useDeviceDialogs must be used inside a DeviceDialogsProvider');
  return dialogs;
}
