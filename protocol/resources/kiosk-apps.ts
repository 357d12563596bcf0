import { defineEntity } from '../resource-entity';
import { field } from '../resource-schema';

/**
 * `/app/kiosk`: the simple kiosk's app whitelist of a company (002 §2 "Simple kiosk page", §3
 * Simple kiosk App). An app with an uploaded APK (`Checksum`, its SHA-256) takes its package,
 * version, file name and size from the APK's manifest; an app without one (`URL` empty) is a
 * system app. The rules are hooks (server/engine/hooks/kiosk-apps.ts): ticking Uninstall clears
 * Whitelist (§4), the APK's values replace the form's. Served on the wire by
 * `POST /api/kiosk/Actions` (docs/kiosk.md).
 */
export const KIOSK_APPS = defineEntity({
  name: 'kiosk-apps',
  table: 'kiosk_apps',
  title: {
    one: { es: 'Aplicación del kiosco', en: 'Kiosk app' },
    many: { es: 'Kiosco', en: 'Kiosk' },
  },
  path: '/app/kiosk',
  labelField: 'Name',
  search: { es: 'Buscar por nombre o paquete', en: 'Search by name or package' },
  permissions: { read: { role: 'user' }, write: { role: 'admin' } },
  menu: { section: 'devices', icon: 'kiosk', order: 40 },
  sort: { field: 'Name', order: 'ASC' },
  perPage: [10, 5, 20, 100],
  fields: [
    field('Name', 'text', {
      label: { es: 'Nombre', en: 'Name' },
      required: true,
      maxLength: 100,
      create: true,
      edit: true,
    }),
    field('Package', 'text', {
      label: { es: 'Paquete', en: 'Package' },
      required: true,
      unique: true,
      maxLength: 200,
      pattern: '[a-zA-Z][a-zA-Z0-9_]*(\\.[a-zA-Z][a-zA-Z0-9_]*)+',
      hint: { es: 'como com.empresa.app', en: 'such as com.company.app' },
      create: true,
      edit: true,
      noWrap: true,
    }),
    field('Version', 'text', {
      label: { es: 'Versión', en: 'Version' },
      maxLength: 50,
      create: true,
      edit: true,
    }),
    field('URL', 'text', {
      label: { es: 'URL', en: 'URL' },
      maxLength: 255,
      readOnly: true,
    }),
    field('Visible', 'boolean', {
      label: { es: 'Visible', en: 'Visible' },
      required: true,
      default: true,
      create: true,
      edit: true,
    }),
    field('Whitelist', 'boolean', {
      label: { es: 'Lista blanca', en: 'Whitelist' },
      required: true,
      default: true,
      create: true,
      edit: true,
    }),
    field('Uninstall', 'boolean', {
      label: { es: 'Desinstalar', en: 'Uninstall' },
      required: true,
      default: false,
      create: true,
      edit: true,
    }),
    field('Executeapp', 'boolean', {
      label: { es: 'Ejecutar', en: 'Execute' },
      required: true,
      default: false,
      create: true,
      edit: true,
    }),
    field('Checksum', 'text', {
      label: { es: 'SHA-256', en: 'SHA-256' },
      pattern: '[0-9a-f]{64}',
      list: false,
      filter: false,
      sort: false,
      create: true,
      edit: true,
    }),
    field('Filesize', 'int', {
      label: { es: 'Tamaño (bytes)', en: 'Size (bytes)' },
      list: false,
      filter: false,
      sort: false,
      readOnly: true,
    }),
    field('VersionCode', 'int', {
      label: { es: 'Código de versión', en: 'Version code' },
      list: false,
      filter: false,
      sort: false,
      readOnly: true,
    }),
    field('MinSdk', 'int', {
      label: { es: 'SDK mínimo', en: 'Minimum SDK' },
      list: false,
      filter: false,
      sort: false,
      readOnly: true,
    }),
  ],
});
