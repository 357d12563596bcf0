import { lazy, Suspense } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useLocaleState, useTranslate } from 'react-admin';
import { mapTileUrl } from '../../../config';
import type { DevicePosition } from '../../../dataProvider';
import { formatCoordinate, formatDateTime } from '../../../i18n/formats';
import { useRefreshPosition } from './useRefreshPosition';

const DeviceMap = lazy(() => import('./DeviceMap'));

/** The help-desk device panel's location (001 §2): the last position on a map at zoom 15. */
export function LocationTab({
  database,
  deviceId,
  mid,
  position: initial,
  canCommand,
}: {
  database: number;
  deviceId: number;
  mid: string;
  position: DevicePosition | null;
  canCommand: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { position, waiting, refresh } = useRefreshPosition(database, deviceId, mid, initial);
  const tileUrl = mapTileUrl();
  const known = position && position.LATITUDE !== null && position.LONGITUDE !== null;
  return (
    <Box>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}
      >
        {canCommand && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<MyLocationIcon />}
            disabled={waiting}
            onClick={() => void refresh()}
          >
            {translate('remote.location.refresh')}
          </Button>
        )}
        {waiting && (
          <Typography variant="body2" role="status">
            {translate('remote.location.waiting')}
          </Typography>
        )}
      </Stack>
      {waiting && <LinearProgress sx={{ mb: 1 }} />}
      {!known ? (
        <Alert severity="info">{translate('remote.location.none')}</Alert>
      ) : (
        <>
          <Typography variant="body2">
            {translate('remote.location.coordinates', {
              lat: formatCoordinate(position.LATITUDE!, locale),
              lng: formatCoordinate(position.LONGITUDE!, locale),
              accuracy: position.ACCURACY ?? '?',
            })}
          </Typography>
          {position.TIME && (
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('remote.location.time', {
                time: formatDateTime(position.TIME, locale),
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
              latitude={position.LATITUDE!}
              longitude={position.LONGITUDE!}
              tileUrl={tileUrl}
              label={translate('remote.location.map')}
            />
          </Suspense>
        </>
      )}
    </Box>
  );
}
