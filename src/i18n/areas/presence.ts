/**
 * Texts of a device's connection state and "last seen" (src/resources/devices/presence), in the
 * device list, the device dialog's title and the global search; merged into es.ts and en.ts.
 * `ago.*` take `smart_count`, the number of units (relativeTime.ts chooses the unit).
 */
export const presenceMessages = {
  es: {
    presence: {
      online: 'En línea',
      offline: 'Desconectado',
      online_title: 'Conectado ahora a un nodo del servidor',
      offline_title: 'Sin conexión abierta con el servidor',
      last_seen: 'Visto %{when}',
      last_seen_title: 'Visto por última vez: %{date}',
      never: 'Nunca',
      never_title: 'No se ha conectado nunca',
      filter: 'Conexión',
      filter_all: 'Todos',
      ago: {
        now: 'ahora mismo',
        minutes: 'hace %{smart_count} min',
        hours: 'hace %{smart_count} h',
        days: 'hace %{smart_count} día |||| hace %{smart_count} días',
        months: 'hace %{smart_count} mes |||| hace %{smart_count} meses',
        years: 'hace %{smart_count} año |||| hace %{smart_count} años',
      },
    },
  },
  en: {
    presence: {
      online: 'Online',
      offline: 'Offline',
      online_title: 'Connected to a server node now',
      offline_title: 'No open connection with the server',
      last_seen: 'Seen %{when}',
      last_seen_title: 'Last seen: %{date}',
      never: 'Never',
      never_title: 'Has never connected',
      filter: 'Connection',
      filter_all: 'All',
      ago: {
        now: 'just now',
        minutes: '%{smart_count} min ago',
        hours: '%{smart_count} h ago',
        days: '%{smart_count} day ago |||| %{smart_count} days ago',
        months: '%{smart_count} month ago |||| %{smart_count} months ago',
        years: '%{smart_count} year ago |||| %{smart_count} years ago',
      },
    },
  },
};
