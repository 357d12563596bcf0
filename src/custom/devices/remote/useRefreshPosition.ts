import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { DevicePosition, FlotaDataProvider } from '../../../dataProvider';

/** 001 §2: the location refresh polls every 5 s until the position or its time changes. */
export const POSITION_POLL_MS = 5000;
export const POSITION_POLL_LIMIT_MS = 60_000;

const sameFix = (a: DevicePosition | null, b: DevicePosition | null) =>
  a?.LATITUDE === b?.LATITUDE && a?.LONGITUDE === b?.LONGITUDE && a?.TIME === b?.TIME;

/**
 * "Actualizar posición": sends gps (setDataDeviceGPS), then reads the device again every 5 s
 * until its position or time changes, for about a minute.
 */
export function useRefreshPosition(
  database: number,
  deviceId: number,
  mid: string,
  initial: DevicePosition | null,
) {
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const notify = useNotify();
  const [position, setPosition] = useState(initial);
  const [waiting, setWaiting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const refresh = async () => {
    const before = position;
    setWaiting(true);
    const done = (next: DevicePosition | null, key: string) => {
      setPosition(next);
      setWaiting(false);
      notify(key, { type: key === 'remote.location.updated' ? 'success' : 'info' });
    };
    try {
      const answer = await dataProvider.requestPosition(database, mid);
      const fix: DevicePosition = {
        LATITUDE: answer.LATITUDE,
        LONGITUDE: answer.LONGITUDE,
        ACCURACY: answer.ACCURACY,
        TIME: answer.TIME,
      };
      if (answer.LATITUDE !== null && !sameFix(fix, before))
        return done(fix, 'remote.location.updated');
    } catch (error) {
      setWaiting(false);
      notify((error as Error).message, {
        type: 'error',
        messageArgs: { _: (error as Error).message },
      });
      return;
    }
    const started = Date.now();
    const poll = async () => {
      const device = await dataProvider.deviceForEdit(database, deviceId).catch(() => null);
      const fix = device?.Position ?? null;
      if (fix && fix.LATITUDE !== null && !sameFix(fix, before))
        return done(fix, 'remote.location.updated');
      if (Date.now() - started >= POSITION_POLL_LIMIT_MS)
        return done(before, 'remote.location.unchanged');
      timer.current = setTimeout(poll, POSITION_POLL_MS);
    };
    timer.current = setTimeout(poll, POSITION_POLL_MS);
  };
  return { position, waiting, refresh };
}
