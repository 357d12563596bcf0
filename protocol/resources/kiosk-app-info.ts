import { defineResource, type ResourceDefinition } from '../resource-definition';
import { field } from '../resource-schema';

const label = (es: string, en: string) => ({ es, en });

/**
 * The premium kiosk's app info (002 §3 App info, §7 "Premium server-side tables"): how apps are
 * installed on kiosk devices, read from each device's last getApplicationList answer, with the
 * status OK (at the profile's version code or later) or KO. Rows of `POST
 * /api/kioskpremium/Actionstable`, paged in SQL; its parameters (project, profile, app or device,
 * showok/showko) travel as the list's fixed filter and filter values.
 */
function appInfo(name: string, oper: 'ListInfoApp' | 'ListInfoApps'): ResourceDefinition {
  return defineResource({
    name,
    title: {
      one: label('Versión instalada', 'Installed version'),
      many: label('Versiones instaladas', 'Installed versions'),
    },
    path: `/app/kioskpremium/${name}`,
    embedded: true,
    key: 'id',
    keyFields: ['Guid', 'Package'],
    labelField: 'Guid',
    sort: { field: 'Guid', order: 'ASC' },
    perPage: [10, 20, 50, 100],
    rowColours: [{ field: 'Status', equals: 'KO', colour: 'warning' }],
    fields: [
      field('Status', 'choice', {
        label: label('Estado', 'Status'),
        choices: [
          { code: 'OK', label: label('OK', 'OK') },
          { code: 'KO', label: label('KO', 'KO') },
        ],
        sort: false,
        filter: false,
      }),
      // The server's order (device, then package): the only sort offered.
      field('Guid', 'text', { label: label('Dispositivo', 'Device'), filter: false }),
      field('Package', 'text', { label: label('Paquete', 'Package'), sort: false, filter: false }),
      field('Querydate', 'datetime', {
        label: label('Fecha de consulta', 'Query date'),
        sort: false,
        filter: false,
      }),
      field('Version', 'text', { label: label('Versión', 'Version'), sort: false, filter: false }),
      field('Versioncode', 'int', {
        label: label('Código de versión', 'Version code'),
        sort: false,
        filter: false,
      }),
      field('Profileversioncode', 'int', {
        label: label('Código de versión del perfil', "Profile's version code"),
        sort: false,
        filter: false,
      }),
    ],
    verbs: {
      list: {
        permission: { role: 'user' },
        call: { kiosk: 'Actionstable', oper, parameters: ['showok', 'showko'] },
      },
    },
  });
}

/** ListInfoApp: one app (`kiosko`) on the devices of a profile in a project (`database`). */
export const KIOSK_APP_INFO = appInfo('kiosk-app-info', 'ListInfoApp');
/** ListInfoApps: the profile's apps on one device (`imei`) of a project (`database`). */
export const KIOSK_DEVICE_APPS = appInfo('kiosk-device-apps', 'ListInfoApps');
