import { defineResource, type VerbPermission } from '../resource-definition';
import { field, type FieldChoice } from '../resource-schema';

const user: VerbPermission = { role: 'user' };
const admin: VerbPermission = { role: 'admin' };

const choice = (code: string, es: string, en: string): FieldChoice => ({ code, label: { es, en } });

/** AMAPI `kioskCustomization`'s settings (protocol/mdm/android-policy.ts), each with its values. */
export const KIOSK_SETTINGS = {
  statusBar: [
    choice(
      'NOTIFICATIONS_AND_SYSTEM_INFO_ENABLED',
      'Notificaciones e información',
      'Notifications and info',
    ),
    choice('NOTIFICATIONS_AND_SYSTEM_INFO_DISABLED', 'Oculta', 'Hidden'),
    choice('SYSTEM_INFO_ONLY', 'Solo información del sistema', 'System info only'),
  ],
  systemNavigation: [
    choice('NAVIGATION_ENABLED', 'Inicio y recientes', 'Home and overview'),
    choice('NAVIGATION_DISABLED', 'Desactivada', 'Disabled'),
    choice('HOME_BUTTON_ONLY', 'Solo inicio', 'Home button only'),
  ],
  powerButtonActions: [
    choice('POWER_BUTTON_AVAILABLE', 'Menú de apagado', 'Power menu shown'),
    choice('POWER_BUTTON_BLOCKED', 'Bloqueado', 'Blocked'),
  ],
  deviceSettings: [
    choice('SETTINGS_ACCESS_ALLOWED', 'Permitido', 'Allowed'),
    choice('SETTINGS_ACCESS_BLOCKED', 'Bloqueado', 'Blocked'),
  ],
  systemErrorWarnings: [
    choice('ERROR_AND_WARNINGS_ENABLED', 'Mostrados', 'Shown'),
    choice('ERROR_AND_WARNINGS_MUTED', 'Silenciados', 'Muted'),
  ],
} as const;

export type KioskSetting = keyof typeof KIOSK_SETTINGS;

const setting = (source: KioskSetting, es: string, en: string) =>
  field(source, 'choice', {
    label: { es, en },
    choices: [...KIOSK_SETTINGS[source]],
    filter: false,
    sort: false,
    create: true,
    edit: true,
    hint: { es: 'vacío: lo que decida el dispositivo', en: "empty: the device's default" },
  });

/**
 * `/app/mdmkiosk` (002 §2, issue 36): the Android kiosk policies — an `mdm-policies` row whose
 * document has a `KIOSK` app — as their kiosk: the kiosk app and the apps allowed in lock task,
 * picked from the kiosk's app catalogue (`kiosk-apps`, shared with the simple kiosk), and AMAPI's
 * `kioskCustomization` (status bar, navigation, power button, settings access, error dialogs).
 * No storage of its own: server/mdm/kiosk.ts reads and writes the policy's document through the
 * policies' engine operations, so their rules, versions, roles and push to devices apply.
 */
export const MDM_KIOSK = defineResource({
  name: 'mdm-kiosk',
  title: {
    one: { es: 'Kiosco MDM', en: 'MDM kiosk' },
    many: { es: 'Kioscos MDM', en: 'MDM kiosks' },
  },
  path: '/app/mdmkiosk',
  key: 'id',
  labelField: 'name',
  search: { es: 'Buscar por nombre', en: 'Search by name' },
  menu: { section: 'devices', icon: 'mdmkiosk', order: 13.5 },
  fields: [
    field('name', 'text', {
      label: { es: 'Política', en: 'Policy' },
      required: true,
      maxLength: 100,
      create: true,
    }),
    field('kioskApp', 'reference', {
      label: { es: 'Aplicación del kiosco', en: 'Kiosk app' },
      reference: 'kiosk-apps',
      required: true,
      filter: false,
      sort: false,
      create: true,
      edit: true,
    }),
    field('lockTaskApps', 'reference', {
      label: { es: 'Otras aplicaciones permitidas', en: 'Other apps allowed' },
      reference: 'kiosk-apps',
      multiple: true,
      list: false,
      filter: false,
      sort: false,
      export: false,
      create: true,
      edit: true,
    }),
    setting('statusBar', 'Barra de estado', 'Status bar'),
    setting('systemNavigation', 'Navegación', 'Navigation'),
    setting('powerButtonActions', 'Botón de encendido', 'Power button'),
    setting('deviceSettings', 'Acceso a Ajustes', 'Settings access'),
    setting('systemErrorWarnings', 'Avisos de error', 'Error dialogs'),
    field('policyVersion', 'int', {
      label: { es: 'Versión de la política', en: 'Policy version' },
      readOnly: true,
      filter: false,
    }),
  ],
  verbs: {
    list: { permission: user, call: { operation: 'mdmKioskList' } },
    export: { permission: user, call: { operation: 'mdmKioskList' } },
    show: { permission: user, call: { operation: 'mdmKioskShow', id: 'id' } },
    create: { permission: admin, call: { operation: 'mdmKioskCreate' } },
    edit: { permission: admin, call: { operation: 'mdmKioskEdit', id: 'id', version: 'version' } },
  },
});
