import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

const both = { create: true, edit: true } as const;
const flag = (source: string, es: string, en: string, fallback: boolean) =>
  field(source, 'boolean', {
    label: { es, en },
    required: true,
    default: fallback,
    ...both,
  });

/** The profile a link belongs to, chosen when the link is made. */
const profile = field('Idprofile', 'reference', {
  label: { es: 'Perfil', en: 'Profile' },
  reference: 'kiosk-profiles',
  required: true,
  create: true,
});

/**
 * An app of a premium profile (002 §3 Per-profile app link: Idprofile, Idpackage and the
 * profile's own Whitelist, Visible, Uninstall, Executeapp). The rules of §4 are hooks
 * (server/engine/hooks/kiosk-profile-apps.ts): adding an APK app installs it on the profile's
 * devices, a system app is hidden or shown, the Visible and Uninstall toggles send hide/show and
 * uninstall/install, Whitelist and Uninstall are refused for system apps.
 */
export const KIOSK_PROFILE_APPS = {
  ...defineEntity({
    name: 'kiosk-profile-apps',
    table: 'kiosk_profile_apps',
    title: {
      one: { es: 'Aplicación del perfil', en: 'Profile app' },
      many: { es: 'Aplicaciones del perfil', en: 'Profile apps' },
    },
    path: '/app/kioskpremium/profile-apps',
    labelField: 'Idpackage',
    search: null,
    permissions: { read: { role: 'user' }, write: { role: 'admin' } },
    sort: { field: 'Idpackage', order: 'ASC' },
    fields: [
      profile,
      field('Idpackage', 'reference', {
        label: { es: 'Aplicación', en: 'App' },
        reference: 'kiosk-apps',
        required: true,
        create: true,
      }),
      flag('Whitelist', 'Lista blanca', 'Whitelist', true),
      flag('Visible', 'Visible', 'Visible', true),
      flag('Uninstall', 'Desinstalar', 'Uninstall', false),
      flag('Executeapp', 'Ejecutar', 'Execute', false),
    ],
  }),
  embedded: true,
};

/**
 * A wifi of a premium profile (002 §3 Wifi-profile link: Idprofile, Idwifi, Autoconnect). Adding
 * one sends addWifiNetwork to the profile's devices (§4; server/engine/hooks/kiosk-profile-wifis.ts).
 */
export const KIOSK_PROFILE_WIFIS = {
  ...defineEntity({
    name: 'kiosk-profile-wifis',
    table: 'kiosk_profile_wifis',
    title: {
      one: { es: 'Wifi del perfil', en: 'Profile wifi' },
      many: { es: 'Wifis del perfil', en: 'Profile wifis' },
    },
    path: '/app/kioskpremium/profile-wifis',
    labelField: 'Idwifi',
    search: null,
    permissions: { read: { role: 'user' }, write: { role: 'admin' } },
    sort: { field: 'Idwifi', order: 'ASC' },
    fields: [
      profile,
      field('Idwifi', 'reference', {
        label: { es: 'Wifi', en: 'Wifi' },
        reference: 'kiosk-wifis',
        required: true,
        create: true,
      }),
      flag('Autoconnect', 'Conectar sola', 'Autoconnect', false),
    ],
  }),
  embedded: true,
};
