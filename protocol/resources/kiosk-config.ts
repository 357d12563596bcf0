import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

/** 002 §3 Simple kiosk Wifi: the security modes, in the order the editor offers them (§9). */
export const WIFI_SECURITY_MODES = ['WEP', 'WPA', 'NONE'] as const;
export type WifiSecurityMode = (typeof WIFI_SECURITY_MODES)[number];

/** A wifi of the simple kiosk (002 §3): every value filled, one per ssid (§4). */
export interface KioskWifi {
  ssid: string;
  password: string;
  securitymode: WifiSecurityMode;
  autoconnect: boolean;
}

/** Most wifis a company's kiosk lists. */
export const MAX_KIOSK_WIFIS = 50;

/**
 * The simple kiosk's configuration of a company (002 §3 Kiosk config: password, launchonboot;
 * QRtext is worked out on each read): one row per company, its wifi list as one JSON value
 * (saved whole by `saveListWifis`). Embedded: the kiosk page's configuration dialog edits it
 * through `POST /api/kiosk/Actions`; the rules are hooks (server/engine/hooks/kiosk-config.ts).
 */
export const KIOSK_CONFIG = {
  ...defineEntity({
    name: 'kiosk-config',
    table: 'kiosk_config',
    title: {
      one: { es: 'Configuración del kiosco', en: 'Kiosk configuration' },
      many: { es: 'Configuraciones del kiosco', en: 'Kiosk configurations' },
    },
    path: '/app/kiosk/config',
    labelField: 'launchonboot',
    sort: { field: 'updatedAt', order: 'DESC' },
    search: null,
    permissions: { read: { role: 'admin' }, write: { role: 'admin' } },
    fields: [
      field('password', 'text', {
        label: { es: 'Contraseña', en: 'Password' },
        required: true,
        requiredText: {
          es: 'Escriba la contraseña del kiosco.',
          en: 'Type the kiosk password.',
        },
        minLength: 4,
        maxLength: 64,
        create: true,
        edit: true,
        filter: false,
        sort: false,
      }),
      field('launchonboot', 'text', {
        label: { es: 'Aplicación al arrancar', en: 'Launch on boot' },
        maxLength: 200,
        create: true,
        edit: true,
        filter: false,
        sort: false,
      }),
      field('wifis', 'json', {
        label: { es: 'Redes wifi', en: 'Wifi networks' },
        create: true,
        edit: true,
        filter: false,
        sort: false,
        list: false,
      }),
    ],
  }),
  embedded: true,
};
