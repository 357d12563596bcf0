import { GROUP_PICKER_PAGE } from '../groups';
import { defineResource, type VerbDefinition } from '../resource-definition';
import { DEVICE_LIST_SCHEMA } from '../device-schema';
import { field, type FieldChoice } from '../resource-schema';

const PLATFORM_CHOICES = DEVICE_LIST_SCHEMA.fields.find((f) => f.source === 'DEVICE_TYPE')!
  .choices as FieldChoice[];

/**
 * The columns both group lists show: the key (hidden), MID, owner, e-mail, PIN and platform, by
 * the names the rows carry; the four text columns are the picker's filter slots.
 */
export function groupDeviceFields(key: string, platform: string, filterable: boolean) {
  const text = filterable ? {} : { filter: false };
  return [
    field(key, 'int', { label: { es: 'ID', en: 'ID' }, list: false, filter: false }),
    field('MID', 'text', { label: { es: 'MID', en: 'MID' }, ...text }),
    field('OWNER', 'text', { label: { es: 'Propietario', en: 'Owner' }, ...text }),
    field('EMAIL', 'text', {
      label: { es: 'Correo electrónico', en: 'E-mail' },
      format: 'email',
      ...text,
    }),
    field('PIN', 'text', { label: { es: 'PIN', en: 'PIN' }, ...text }),
    field(platform, 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      filter: false,
    }),
  ];
}

/**
 * The short row of devicesWithPages (`status: 'short'`): four filter slots (000 §9) on the
 * text columns, and the platform as its own `platform` parameter.
 */
const list: VerbDefinition = {
  permission: { node: 'devices', mode: 'show' },
  call: { operation: 'devicesWithPages', fixed: { status: 'short' }, parameters: ['platform'] },
};

/**
 * The group editor's device picker (000 §2 "Group editor"; 000 §9: pages of 10, 4 filters),
 * also the devices of a licence update: a project's devices, each ticked in or out of what the
 * screen holding it builds (src/custom/settings/groups/DevicePicker.tsx).
 */
export const GROUP_PICKER = defineResource({
  name: 'group-picker',
  title: {
    one: { es: 'Dispositivo', en: 'Device' },
    many: { es: 'Añadir dispositivos', en: 'Add devices' },
  },
  path: '/app/setting/group-picker',
  embedded: true,
  scope: 'project',
  node: 'devices',
  key: 'ID',
  labelField: 'MID',
  sort: { field: 'MID', order: 'ASC' },
  perPage: [GROUP_PICKER_PAGE],
  fields: groupDeviceFields('ID', 'DEVICE_TYPE', true),
  verbs: { list },
});
