import { PLATFORM_LABELS } from './devices';
import { field, type FieldChoice, type ResourceSchema } from './resource-schema';

const choices = (labels: Record<string | number, { es: string; en: string }>): FieldChoice[] =>
  Object.entries(labels).map(([code, label]) => ({
    code: /^-?\d+$/.test(code) ? Number(code) : code,
    label,
  }));

/** STATUS is the device's database provisioning (000 §4 Provision status). */
const PROVISION_LABELS = {
  [-1]: { es: 'Sin provisión', en: 'Not provisioned' },
  0: { es: 'Sin provisión', en: 'Not provisioned' },
  1: { es: 'Generando la base de datos', en: 'Generating the database' },
  2: { es: 'Provisionado', en: 'Provisioned' },
};
/** PENDIENTE 1 holds the device (with a provisioned STATUS it is disabled). */
const PENDING_LABELS = {
  0: { es: 'No', en: 'No' },
  1: { es: 'Retenido', en: 'On hold' },
};

/**
 * The device list resource (000 §2 Device list, §3 Device; 001 §3 Device), the first resource
 * declared by schema. The order is the list's column order; the PDF export takes columns 3 to 9
 * of the listed columns (MID to DEVICE_TYPE here). DEVICE_TYPE, MODEL and LIC are edited by the
 * dialog's own platform, model and licence inputs, so the generic form leaves them out.
 */
export const DEVICE_LIST_SCHEMA: ResourceSchema = {
  name: 'devicelist',
  node: 'devices',
  key: 'ID',
  fields: [
    field('ID', 'int', { edit: true, readOnly: true }),
    field('PIN', 'text', { edit: true, maxLength: 64 }),
    field('MID', 'text', {
      edit: true,
      required: true,
      maxLength: 64,
      // As the device protocol accepts it (server/services/devices/fields.ts midSchema).
      pattern: '[A-Za-z0-9._:-]+',
      hint: { es: 'solo letras, cifras y . _ : -', en: 'letters, digits and . _ : - only' },
    }),
    field('OWNER', 'text', { edit: true, maxLength: 200 }),
    field('USERNAME', 'text', { edit: true, maxLength: 200 }),
    field('DEVICEGROUP', 'text', { edit: true, maxLength: 100 }),
    field('MODEL', 'text', { maxLength: 100 }),
    field('SINCRONISMO', 'datetime'),
    field('DEVICE_TYPE', 'text', { maxLength: 32, choices: choices(PLATFORM_LABELS) }),
    field('STATUS', 'int', { choices: choices(PROVISION_LABELS) }),
    field('PENDIENTE', 'int', { choices: choices(PENDING_LABELS) }),
    field('EMAIL', 'text', { edit: true, maxLength: 200, format: 'email' }),
    field('LIC', 'text', { maxLength: 64 }),
    // Worked out from the directory and the live nodes (server/device/presence-read.ts).
    field('ONLINE', 'boolean', { computed: true, sort: false, display: 'presence' }),
    field('LAST_SEEN', 'datetime', { computed: true, display: 'relative', noWrap: true }),
    field('PIN2', 'text', { list: false, edit: true, maxLength: 64 }),
    field('IMEI', 'text', {
      list: false,
      edit: true,
      maxLength: 32,
      pattern: '[0-9A-Za-z-]*',
      hint: { es: 'solo letras, cifras y guiones', en: 'letters, digits and hyphens only' },
    }),
  ],
};

/** Columns every device row carries whatever the schema lists: the colour rule needs them. */
export const DEVICE_ROW_ALWAYS = ['ID', 'MID', 'SINCRONISMO', 'STATUS', 'PENDIENTE'] as const;

/** Fields of the device list that are no column of the devices table: the connection state. */
export const DEVICE_PRESENCE_FIELDS: ReadonlySet<string> = new Set(['ONLINE', 'LAST_SEEN']);
