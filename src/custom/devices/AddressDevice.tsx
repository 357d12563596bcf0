import { lazy, Suspense, useState } from 'react';
import { useRefresh } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { DEVICE_PARAM } from './deviceParam';

const DeviceEditDialog = lazy(() =>
  import('./edit/DeviceEditDialog').then((module) => ({ default: module.DeviceEditDialog })),
);

/**
 * The device the address names (`/app/devicelist?database=3&device=17`, how the global search
 * opens a device: issue 33, point 14) in the device list's own dialog, over the list; closing
 * it takes the parameter out of the address, so Back and a reload do not open it again.
 */
export function AddressDevice({ database }: { database: number }) {
  const [params, setParams] = useSearchParams();
  const refresh = useRefresh();
  const id = Number(params.get(DEVICE_PARAM)) || null;
  // The device stays named while its dialog animates out.
  const [shown, setShown] = useState<number | null>(id);
  if (id !== null && id !== shown) setShown(id);
  if (shown === null) return null;
  return (
    <Suspense fallback={null}>
      <DeviceEditDialog
        database={database}
        deviceId={shown}
        open={id !== null}
        onClose={(saved) => {
          setParams(
            (previous) => {
              const next = new URLSearchParams(previous);
              next.delete(DEVICE_PARAM);
              return next;
            },
            { replace: true },
          );
          if (saved) refresh();
        }}
      />
    </Suspense>
  );
}
