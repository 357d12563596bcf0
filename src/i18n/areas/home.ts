import { LOW_BATTERY_PERCENT } from '../../../protocol/fleet';

/**
 * Texts of the home page's fleet summary, and of the device list's fleet filter its figures link
 * to; merged into es.ts and en.ts.
 */
export const homeMessages = {
  es: {
    home: {
      fleet: {
        title: 'Su flota',
        project: 'Proyecto %{name}',
        loading: 'Cargando las cifras de la flota…',
        no_projects:
          'Aún no tiene proyectos. Cuando cree uno, o le compartan uno, aquí verá sus dispositivos.',
        empty_project:
          'El proyecto %{name} aún no tiene dispositivos. Inscriba el primero con el código QR del proyecto y aquí verá su estado.',
        see_devices: 'Ver dispositivos',
        figures: {
          total: 'Dispositivos',
          total_hint: 'Inscritos en el proyecto',
          online: 'En línea ahora',
          online_hint: 'Con conexión abierta',
          lowBattery: 'Batería baja',
          lowBattery_hint: `Al ${LOW_BATTERY_PERCENT} % o menos`,
          notSyncedToday: 'Sin sincronizar hoy',
          notSyncedToday_hint: 'Activos que no se han sincronizado hoy',
        },
        figure_link: '%{label}: %{value}. Ver la lista',
        platforms: {
          title: 'Por plataforma',
          chart: 'Gráfico de barras: dispositivos por plataforma',
          link: '%{platform}: %{count}',
        },
        errors: {
          title: 'Errores recientes',
          empty: 'Ningún dispositivo ha informado de errores.',
        },
        commands: {
          title: 'Comandos recientes',
          empty: 'Aún no se ha enviado ningún comando.',
        },
        device_link: 'Ver el dispositivo %{mid}',
      },
    },
    resources: {
      devicelist: {
        filters: { fleet: 'Batería' },
        fleet: {
          all: 'Todos',
          online: 'En línea ahora',
          lowBattery: 'Batería baja',
        },
      },
    },
  },
  en: {
    home: {
      fleet: {
        title: 'Your fleet',
        project: 'Project %{name}',
        loading: 'Loading the fleet figures…',
        no_projects:
          'You have no projects yet. When you create one, or one is shared with you, its devices show here.',
        empty_project:
          'Project %{name} has no devices yet. Enrol the first one with the project QR code and its state shows here.',
        see_devices: 'See devices',
        figures: {
          total: 'Devices',
          total_hint: 'Enrolled in the project',
          online: 'Online now',
          online_hint: 'With an open connection',
          lowBattery: 'Low battery',
          lowBattery_hint: `At ${LOW_BATTERY_PERCENT}% or less`,
          notSyncedToday: 'Not synced today',
          notSyncedToday_hint: 'Enabled, not synced today',
        },
        figure_link: '%{label}: %{value}. See the list',
        platforms: {
          title: 'By platform',
          chart: 'Bar chart: devices by platform',
          link: '%{platform}: %{count}',
        },
        errors: {
          title: 'Recent errors',
          empty: 'No device has reported errors.',
        },
        commands: {
          title: 'Recent commands',
          empty: 'No command has been sent yet.',
        },
        device_link: 'See device %{mid}',
      },
    },
    resources: {
      devicelist: {
        filters: { fleet: 'Battery' },
        fleet: {
          all: 'All',
          online: 'Online now',
          lowBattery: 'Low battery',
        },
      },
    },
  },
};
