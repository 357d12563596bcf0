import { PLATFORM_LABELS } from '../../../protocol/devices';

const platformNames = (language: 'es' | 'en') =>
  Object.fromEntries(
    Object.entries(PLATFORM_LABELS).map(([code, label]) => [code, label[language]]),
  );

/**
 * Messages of the MAM dashboard, the project overview and the global device search in both
 * languages; merged into es.ts and en.ts. The search's columns and filters are in its definition
 * (protocol/resources/device-search.ts).
 */
export const mamMessages = {
  es: {
    mam: {
      platforms: { ...platformNames('es'), none: 'Sin plataforma' },
      dashboard: {
        devices_link: 'Ver dispositivos',
        overview_link: 'Resumen',
        fleet: {
          title: 'Flota',
          Total: 'Total',
          Active: 'Activos',
          Disabled: 'Desactivados',
          Online: 'En línea',
          licences: 'Licencias usadas de máximas',
          licences_value: '%{used} de %{max}',
        },
        activity: {
          title: 'Actividad',
          unavailable_title: 'Todavía sin contar',
          unavailable_help:
            'Estos contadores se calcularán cuando existan las actualizaciones, el aprovisionamiento y las reglas de selección de datos; hoy no tienen datos.',
          no_device: 'Ninguno',
          counters: {
            Total: 'Total de dispositivos',
            NoReplicate: 'Sin replicar nunca',
            MoreXPendingOps: 'Con más de 1000 operaciones pendientes',
            PendingProv: 'Aprovisionamiento pendiente',
            PendingUpdates: 'Actualizaciones pendientes',
            DevicesPendingSelectividad: 'Selección de datos pendiente',
            DeviceMoreOpersPending: 'Dispositivo con más operaciones pendientes',
            ItsOpersPending: 'Operaciones pendientes de ese dispositivo',
            QUEUEOpers: 'Operaciones recibidas, por aplicar',
            IQUEUEOpers: 'Operaciones del servidor, por replicar',
            SQUEUEOpers: 'Operaciones por enviar a los dispositivos',
          },
        },
      },
      overview: {
        title: 'Dispositivos por plataforma',
        chart: 'Gráfico de dispositivos por plataforma',
        platform: 'Plataforma',
        devices: 'Dispositivos',
        percentage: 'Porcentaje',
        total: 'Total',
        empty: 'Este proyecto todavía no tiene dispositivos.',
      },
    },
    search: {
      open: 'Abrir el dispositivo %{mid}',
    },
  },
  en: {
    mam: {
      platforms: { ...platformNames('en'), none: 'No platform' },
      dashboard: {
        devices_link: 'See devices',
        overview_link: 'Overview',
        fleet: {
          title: 'Fleet',
          Total: 'Total',
          Active: 'Active',
          Disabled: 'Disabled',
          Online: 'Online',
          licences: 'Licences used of maximum',
          licences_value: '%{used} of %{max}',
        },
        activity: {
          title: 'Activity',
          unavailable_title: 'Not counted yet',
          unavailable_help:
            'These counters will be computed once updates, provisioning and data selection rules exist; they have no data yet.',
          no_device: 'None',
          counters: {
            Total: 'Total devices',
            NoReplicate: 'Never replicated',
            MoreXPendingOps: 'With more than 1000 pending operations',
            PendingProv: 'Pending provisioning',
            PendingUpdates: 'Pending updates',
            DevicesPendingSelectividad: 'Pending data selection',
            DeviceMoreOpersPending: 'Device with most pending operations',
            ItsOpersPending: 'Pending operations of that device',
            QUEUEOpers: 'Operations received, to be applied',
            IQUEUEOpers: 'Server operations, to be replicated',
            SQUEUEOpers: 'Operations to send to the devices',
          },
        },
      },
      overview: {
        title: 'Devices per platform',
        chart: 'Chart of devices per platform',
        platform: 'Platform',
        devices: 'Devices',
        percentage: 'Percentage',
        total: 'Total',
        empty: 'This project has no devices yet.',
      },
    },
    search: {
      open: 'Open device %{mid}',
    },
  },
};
