/** Texts of live monitoring (/app/monitoring, src/custom/live). */
export const liveMessages = {
  es: {
    live: {
      connecting: 'Conectando con el servidor de señalización…',
      disconnected:
        'Sin conexión con el servidor de señalización. Se reintenta cada pocos segundos.',
      refused: 'El servidor no abre la sesión de supervisión: %{reason}',
      no_devices:
        'Ningún dispositivo de este proyecto tiene abierta la conexión de vídeo en directo ahora.',
      no_match: 'Ningún dispositivo conectado cumple la selección.',
      capped:
        'Se muestran %{shown} de %{total} dispositivos (máximo %{max} a la vez). Afine la selección por grupo, plataforma o búsqueda para ver otros.',
      count: '%{shown} de %{total} dispositivos conectados',
      online: 'En línea',
      offline: 'Desconectado',
      expand: 'Ampliar %{name}',
      close: 'Cerrar',
      fps: 'Imágenes por segundo',
      fps_value: '%{fps} img/s',
      bitrate: '%{kbits} kbit/s',
      bitrate_pending: '— kbit/s',
      waiting: 'Esperando vídeo…',
      refresh: 'Actualizar',
      choose: {
        group: 'Grupo',
        platform: 'Plataforma',
        search: 'Buscar',
        all: 'Todos',
      },
    },
  },
  en: {
    live: {
      connecting: 'Connecting to the signalling server…',
      disconnected: 'No connection to the signalling server. Retrying every few seconds.',
      refused: 'The server does not open the monitoring session: %{reason}',
      no_devices: 'No device of this project has its live video connection open now.',
      no_match: 'No connected device matches the selection.',
      capped:
        'Showing %{shown} of %{total} devices (at most %{max} at once). Narrow the selection by group, platform or search to see others.',
      count: '%{shown} of %{total} connected devices',
      online: 'Online',
      offline: 'Offline',
      expand: 'Expand %{name}',
      close: 'Close',
      fps: 'Frames per second',
      fps_value: '%{fps} fps',
      bitrate: '%{kbits} kbit/s',
      bitrate_pending: '— kbit/s',
      waiting: 'Waiting for video…',
      refresh: 'Refresh',
      choose: {
        group: 'Group',
        platform: 'Platform',
        search: 'Search',
        all: 'All',
      },
    },
  },
};
