import { GROUP_PICKER_PAGE } from '../groups';
import { defineResource } from '../resource-definition';
import { groupDeviceFields } from './group-picker';

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
  fields: groupDeviceFields('IDDEVICE', 'PLATFORM', false),
});
