import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';
import { WIFI_SECURITY_MODES } from './kiosk-config';

/** 002 §3 Wifi Encrypt, in the order a click cycles them (§4): WEP, WPA, NONE. */
export const ENCRYPT_CHOICES = WIFI_SECURITY_MODES.map((code) => ({
  code,
  label: { es: code, en: code },
}));

/** 002 §9: the QR zoom when a profile has none. */
export const DEFAULT_QR_ZOOM = 50;

/** One entry of a profile's command configuration (002 §3 Profile Control: `cm`). */
export interface ProfileCommand {
  /** The command's name. */
  c: string;
  /** Its parameter. */
  p: string;
  /** 'T' on, 'F' off. */
  v: 'T' | 'F';
}

/** 002 §9: the device context menu offers at most this many of a profile's commands. */
export const MAX_PROFILE_COMMANDS = 25;

const both = { create: true, edit: true } as const;

/**
 * A premium kiosk profile (002 §3 Premium kiosk Profile): the configuration a group of kiosk
 * devices follows (password, launch-on-boot app, its wifi, its MQTT broker, its command
 * configuration `Control`), with its apps (kiosk-profile-apps) and wifis (kiosk-profile-wifis).
 * The rules of §4 are hooks (server/engine/hooks/kiosk-profiles.ts): one default profile, a
 * default stays default, the password and launch-on-boot sent to the profile's devices, saving
 * `Control` sends its general settings.
 */
export const KIOSK_PROFILES = {
  ...defineEntity({
    name: 'kiosk-profiles',
    table: 'kiosk_profiles',
    title: {
      one: { es: 'Perfil de kiosco', en: 'Kiosk profile' },
      many: { es: 'Perfiles de kiosco', en: 'Kiosk profiles' },
    },
    path: '/app/kioskpremium/profiles',
    labelField: 'Name',
    search: { es: 'Buscar por nombre', en: 'Search by name' },
    permissions: { read: { role: 'user' }, write: { role: 'admin' } },
    sort: { field: 'Name', order: 'ASC' },
    perPage: [10, 20, 50, 100],
    fields: [
      field('Name', 'text', {
        label: { es: 'Nombre', en: 'Name' },
        required: true,
        requiredText: {
          es: 'Debe indicar un nombre para el perfil.',
          en: 'You must give a name for the profile.',
        },
        pattern: '.*\\S.*',
        unique: true,
        maxLength: 100,
        ...both,
      }),
      field('Pwd', 'text', {
        label: { es: 'Contraseña', en: 'Password' },
        required: true,
        requiredText: {
          es: 'Escriba la contraseña del perfil.',
          en: 'Type the profile password.',
        },
        minLength: 4,
        maxLength: 64,
        list: false,
        filter: false,
        sort: false,
        ...both,
      }),
      field('Pwdblock', 'text', {
        label: { es: 'Contraseña de bloqueo', en: 'Lock password' },
        maxLength: 64,
        list: false,
        filter: false,
        sort: false,
        ...both,
      }),
      field('Launchonboot', 'text', {
        label: { es: 'Aplicación al arrancar', en: 'Launch on boot' },
        maxLength: 200,
        ...both,
      }),
      field('Ssid', 'text', {
        label: { es: 'SSID de enrolamiento', en: 'Enrolment SSID' },
        maxLength: 32,
        list: false,
        ...both,
      }),
      field('Wifipass', 'text', {
        label: { es: 'Contraseña de la wifi', en: 'Wifi password' },
        maxLength: 64,
        list: false,
        filter: false,
        sort: false,
        ...both,
      }),
      field('Encrypt', 'choice', {
        label: { es: 'Seguridad de la wifi', en: 'Wifi security' },
        choices: ENCRYPT_CHOICES,
        required: true,
        default: 'NONE',
        list: false,
        ...both,
      }),
      field('Brokerurl', 'text', {
        label: { es: 'URL del broker', en: 'Broker URL' },
        maxLength: 255,
        list: false,
        filter: false,
        sort: false,
        ...both,
      }),
      field('Brokermapped', 'boolean', {
        label: { es: 'Broker mapeado', en: 'Broker mapped' },
        required: true,
        default: false,
        list: false,
        ...both,
      }),
      field('Default', 'boolean', {
        label: { es: 'Por defecto', en: 'Default' },
        required: true,
        default: false,
        ...both,
      }),
      field('Disabled', 'boolean', {
        label: { es: 'Desactivado', en: 'Disabled' },
        required: true,
        default: false,
        ...both,
      }),
      field('QRZoom', 'int', {
        label: { es: 'Zoom del QR', en: 'QR zoom' },
        required: true,
        default: DEFAULT_QR_ZOOM,
        min: 10,
        max: 200,
        list: false,
        filter: false,
        ...both,
      }),
      field('Control', 'json', {
        label: { es: 'Configuración de comandos', en: 'Command configuration' },
        list: false,
        filter: false,
        sort: false,
        ...both,
      }),
    ],
  }),
  embedded: true,
};
