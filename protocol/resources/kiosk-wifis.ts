import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { ENCRYPT_CHOICES } from './kiosk-profiles';

const both = { create: true, edit: true } as const;

/**
 * A premium kiosk wifi (002 §3 Premium kiosk Wifi: Ssid, Pass, Encrypt, Autoconnect), one per
 * SSID in a company; a profile takes it through kiosk-profile-wifis. Deleting one a profile
 * holds is refused (§8; the hook server/engine/hooks/kiosk-wifis.ts).
 */
export const KIOSK_WIFIS = {
  ...defineEntity({
    name: 'kiosk-wifis',
    table: 'kiosk_wifis',
    title: {
      one: { es: 'Wifi del kiosco', en: 'Kiosk wifi' },
      many: { es: 'Wifis del kiosco', en: 'Kiosk wifis' },
    },
    path: '/app/kioskpremium/wifis',
    labelField: 'Ssid',
    search: { es: 'Buscar por SSID', en: 'Search by SSID' },
    permissions: { read: { role: 'user' }, write: { role: 'admin' } },
    sort: { field: 'Ssid', order: 'ASC' },
    perPage: [10, 20, 50, 100],
    fields: [
      field('Ssid', 'text', {
        label: { es: 'SSID', en: 'SSID' },
        required: true,
        unique: true,
        maxLength: 32,
        ...both,
      }),
      field('Pass', 'text', {
        label: { es: 'Contraseña', en: 'Password' },
        maxLength: 64,
        filter: false,
        sort: false,
        ...both,
      }),
      field('Encrypt', 'choice', {
        label: { es: 'Seguridad', en: 'Security' },
        choices: ENCRYPT_CHOICES,
        required: true,
        default: 'NONE',
        ...both,
      }),
      field('Autoconnect', 'boolean', {
        label: { es: 'Conectar sola', en: 'Autoconnect' },
        required: true,
        default: false,
        ...both,
      }),
    ],
  }),
  embedded: true,
};
