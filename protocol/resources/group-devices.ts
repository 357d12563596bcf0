import { GROUP_PICKER_PAGE } from '../groups';
import { defineResource } from '../resource-definition';
import { DEVICE_LIST_SCHEMA } from '../device-schema';
import { field, type FieldChoice } from '../resource-schema';

const PLATFORM_CHOICES = DEVICE_LIST_SCHEMA.fields.find((f) => f.source === 'DEVICE_TYPE')!
  .choices as FieldChoice[];

/**
 * The devices of a group as its editor holds them (000 §3 Group.Devices, at most 5,000): loaded
 * whole with the group and changed in memory until it is saved, so the list has no wire call of
 * its own; the editor lists them from memory (DefinitionList's `data`), 10 to a page.
 */
export const GROUP_DEVICES = defineResource({
  name: 'group-devices',
  title: {
    one: { es: 'Dispositivo del grupo', en: 'Device of the group' },
    many: { es: 'Dispositivos del grupo', en: 'Devices of the group' },
  },
  path: '/app/setting/group-devices',
  embedded: true,
  scope: 'project',
  node: 'settings.groups',
  key: 'IDDEVICE',
  labelField: 'MID',
  sort: { field: 'MID', order: 'ASC' },
  perPage: [GROUP_PICKER_PAGE],
  fields: [
    field('IDDEVICE', 'int', { label: { es: 'ID', en: 'ID' }, list: false, filter: false }),
    field('MID', 'text', { label: { es: 'MID', en: 'MID' }, filter: false }),
    field('OWNER', 'text', { label: { es: 'Propietario', en: 'Owner' }, filter: false }),
    field('EMAIL', 'text', {
      label: { es: 'Correo electrónico', en: 'E-mail' },
      format: 'email',
      filter: false,
    }),
    field('PIN', 'text', { label: { es: 'PIN', en: 'PIN' }, filter: false }),
    field('PLATFORM', 'choice', {
      label: { es: 'Plataforma', en: 'Platform' },
      choices: PLATFORM_CHOICES,
      filter: false,
    }),
  ],
});
