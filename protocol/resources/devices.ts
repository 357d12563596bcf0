import { DEVICE_LIST_SCHEMA } from '../device-schema';
import { DeviceState } from '../devices';
import { operatorsFor, type OperatorCode } from '../filters';
import { defineResource, type ResourceDefinition, type RowColour } from '../resource-definition';
import { isNumericField, type FieldLabel, type ResourceSchema } from '../resource-schema';

/** The declared fields' labels (the schema leaves them to these; a deployment may relabel). */
export const DEVICE_FIELD_LABELS: Readonly<Record<string, FieldLabel>> = {
  ID: { es: 'ID', en: 'ID' },
  PIN: { es: 'PIN', en: 'PIN' },
  PIN2: { es: 'PIN2', en: 'PIN2' },
  MID: { es: 'MID', en: 'MID' },
  OWNER: { es: 'Propietario', en: 'Owner' },
  USERNAME: { es: 'Usuario', en: 'User' },
  DEVICEGROUP: { es: 'Grupo', en: 'Group' },
  MODEL: { es: 'Modelo', en: 'Model' },
  SINCRONISMO: { es: 'Último sincronismo', en: 'Last sync' },
  STATUS: { es: 'Estado de provisión', en: 'Provision status' },
  PENDIENTE: { es: 'Pendiente', en: 'Pending' },
  DEVICE_TYPE: { es: 'Plataforma', en: 'Platform' },
  EMAIL: { es: 'Correo electrónico', en: 'E-mail' },
  LIC: { es: 'Licencia', en: 'Licence' },
  IMEI: { es: 'IMEI', en: 'IMEI' },
  ONLINE: { es: 'Conexión', en: 'Connection' },
  LAST_SEEN: { es: 'Última vez', en: 'Last seen' },
};

/** Rows by their colour state `Estado` (000 §4): green, amber, red, blue. */
export const DEVICE_ROW_COLOURS: RowColour[] = [
  { field: 'Estado', equals: DeviceState.synced, colour: 'success' },
  { field: 'Estado', equals: DeviceState.notSynced, colour: 'warning' },
  { field: 'Estado', equals: DeviceState.disabled, colour: 'error' },
  { field: 'Estado', equals: DeviceState.generatingDb, colour: 'info' },
];

/** Listed, but shown only when a person picks them in the list's column chooser. */
export const DEVICE_HIDDEN_COLUMNS = [
  'ID',
  'PIN',
  'USERNAME',
  'DEVICEGROUP',
  'STATUS',
  'MODEL',
  'PENDIENTE',
  'EMAIL',
  'LIC',
];

const show = (node: string) => ({ node, mode: 'show' as const });
const write = (node: string) => ({ node, mode: 'write' as const });
const list = { permission: show('devices'), call: { operation: 'devicesWithPages' } };

/**
 * The device list (000 §2) as a declared resource, from a project's effective schema (the
 * `resourceSchema` answer: fields hidden, reordered, relabelled or added by the deployment and
 * the company): the console's factory renders it with the device list's own parts (slots), and
 * the REST API serves it at /api/rest/projects/<numero>/devicelist. Every filterable field takes
 * the operators of its type (`rowfilter`); a device is created and changed by `saveDevice`
 * (`{database, device}`, the key beside it), deleted by `deviceDelete`, shown by `deviceForEdit`.
 * @example deviceDefinition(await dataProvider.resourceSchema('devicelist', 3))
 */
export function deviceDefinition(schema: ResourceSchema = DEVICE_LIST_SCHEMA): ResourceDefinition {
  const fields = schema.fields.map((field) => ({
    ...field,
    label:
      field.label ??
      (Object.hasOwn(DEVICE_FIELD_LABELS, field.source) ? DEVICE_FIELD_LABELS[field.source] : null),
    // The fields the dialog edits are those a new device is given, the key aside.
    create: field.edit && !field.readOnly,
  }));
  const filterOperators: Record<string, OperatorCode[]> = Object.fromEntries(
    fields
      .filter((field) => field.filter)
      .map((field) => [field.source, operatorsFor(isNumericField(field) ? 'numeric' : 'text')]),
  );
  return defineResource({
    name: schema.name,
    node: schema.node,
    title: {
      one: { es: 'Dispositivo', en: 'Device' },
      many: { es: 'Dispositivos', en: 'Devices' },
    },
    path: '/app/devicelist',
    scope: 'project',
    key: schema.key,
    labelField: 'MID',
    fields,
    sort: { field: schema.key, order: 'ASC' },
    // 000 §9: 100 rows at first; the list's own pagination also offers "all".
    perPage: [100, 10, 20, 50, 500],
    rowColours: DEVICE_ROW_COLOURS,
    filterOperators,
    // What fits at 1280 px (issue 33); the others are a click away in the column chooser.
    hiddenColumns: DEVICE_HIDDEN_COLUMNS,
    card: {
      status: { field: 'Estado', labels: 'resources.devicelist.status' },
      fields: ['ONLINE', 'OWNER', 'DEVICE_TYPE', 'LAST_SEEN'],
    },
    verbs: {
      list,
      export: list,
      show: { permission: show('devices.modify'), call: { operation: 'deviceForEdit', id: 'ID' } },
      create: {
        permission: write('devices.add'),
        call: { operation: 'saveDevice', record: 'device' },
      },
      edit: {
        permission: write('devices.modify'),
        call: { operation: 'saveDevice', id: 'ID', record: 'device' },
      },
      delete: {
        permission: write('devices.delete'),
        call: { operation: 'deviceDelete', id: 'ID' },
      },
    },
  });
}

/** The device list as declared; each project's list is made from its effective schema. */
export const DEVICE_LIST = deviceDefinition();
