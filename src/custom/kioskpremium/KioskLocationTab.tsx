import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { mapTileUrl } from '../../config';
import type { FlotaDataProvider } from '../../dataProvider';
import { formatCoordinate, formatDateTime } from '../../i18n/formats';
import { POSITION_POLL_LIMIT_MS, POSITION_POLL_MS } from '../devices/remote/useRefreshPosition';
import { errorText } from './premiumData';

const DeviceMap = lazy(() => import('../devices/remote/DeviceMap'));

interface Gps {
  Last_latitude: number | null;
  Last_longitude: number | null;
  Lastcommandgps: number | null;
}

/**
 * The device detail's location (002 §2 "location: map with a marker"): getGPSDatabase on the
 * console's map; "Actualizar posición" asks the device (setDataDeviceGPS) and reads again every
 * 5 seconds until the position or its time changes (002 §4, §9), for about a minute.
 */
export function KioskLocationTab({
  deviceId,
  database,
  mid,
  canCommand,
}: {
  deviceId: number;
  database: number;
  mid: string;
  canCommand: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<FlotaDataProvider>();
  const [waiting, setWaiting] = useState(false);
  const started = useRef(0);
  const before = useRef<Gps | undefined>(undefined);
  const gps = useQuery({
    queryKey: ['kioskpremium', 'getGPSDatabase', deviceId],
    queryFn: () =>
      dataProvider.kioskPremium<Gps>('getGPSDatabase', { filter: { IdDevice: deviceId } }),
    refetchInterval: waiting ? POSITION_POLL_MS : false,
  });
  useEffect(() => {
    if (!waiting || !gps.data) return;
    const moved =
      gps.data.Lastcommandgps !== before.current?.Lastcommandgps ||
      gps.data.Last_latitude !== before.current?.Last_latitude;
    if (moved || Date.now() - started.current > POSITION_POLL_LIMIT_MS) setWaiting(false);
  }, [gps.data, waiting]);
  const refresh = async () => {
    try {
      before.current = gps.data;
      started.current = Date.now();
      setWaiting(true);
      await dataProvider.requestPosition(database, mid);
    } catch (error) {
      setWaiting(false);
      notify(errorText(error), { type: 'error' });
    }
  };
  const position = gps.data;
  const known = position && position.Last_latitude !== null && position.Last_longitude !== null;
  const tileUrl = mapTileUrl();
  return (
    <Box>
      {canCommand && (
        <Button
          variant="outlined"
          size="small"
          startIcon={<MyLocationIcon />}
          disabled={waiting}
          onClick={() => void refresh()}
          sx={{ mb: 1 }}
        >
          {translate('kioskpremium.device.location_refresh')}
        </Button>
      )}
      {waiting && (
        <Typography variant="body2" role="status">
          {translate('kioskpremium.device.location_waiting')}
        </Typography>
      )}
      {(gps.isPending || waiting) && <LinearProgress sx={{ mb: 1 }} />}
      {gps.error && <Alert severity="error">{errorText(gps.error)}</Alert>}
      {gps.data && !known && (
        <Alert severity="info">{translate('kioskpremium.device.location_none')}</Alert>
      )}
      {known && (
        <>
          <Typography variant="body2">
            {formatCoordinate(Number(position.Last_latitude), locale)},{' '}
            {formatCoordinate(Number(position.Last_longitude), locale)}
          </Typography>
          {position.Lastcommandgps && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('kioskpremium.device.location_at', {
                time: formatDateTime(position.Lastcommandgps, locale),
              })}
            </Typography>
          )}
          {!tileUrl && (
            <Alert severity="info" sx={{ mb: 1 }}>
              {translate('remote.location.no_tiles')}
            </Alert>
          )}
          <Suspense fallback={<LinearProgress />}>
            <DeviceMap
              latitude={Number(position.Last_latitude)}
              longitude={Number(position.Last_longitude)}
              tileUrl={tileUrl}
              label={translate('kioskpremium.device.location_map')}
            />
          </Suspense>
        </>
      )}
    </Box>
  );
}
