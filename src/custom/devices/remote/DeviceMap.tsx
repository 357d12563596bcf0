import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';

/** 001 §9: map zoom 15. */
export const MAP_ZOOM = 15;

/**
 * The last position on a react-leaflet map. The marker is a CircleMarker (SVG, no image to
 * fetch); tiles only from the configured MAP_TILE_URL, never from the internet by default.
 * Loaded lazily: leaflet stays out of the first page.
 */
export default function DeviceMap({
  latitude,
  longitude,
  tileUrl,
  label,
}: {
  latitude: number;
  longitude: number;
  tileUrl: string;
  label: string;
}) {
  return (
    <MapContainer
      // A new centre re-creates the map: MapContainer reads `center` only when mounted.
      key={`${latitude},${longitude}`}
      center={[latitude, longitude]}
      zoom={MAP_ZOOM}
      style={{ height: 320, width: '100%', background: '#e8eef3' }}
      attributionControl={!!tileUrl}
      aria-label={label}
    >
      {tileUrl && <TileLayer url={tileUrl} />}
      <CircleMarker
        center={[latitude, longitude]}
        radius={9}
        pathOptions={{ color: '#0d47a1', fillColor: '#1976d2', fillOpacity: 0.9, weight: 3 }}
      />
    </MapContainer>
  );
}
