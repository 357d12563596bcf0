import { describe, expect, it } from 'vitest';
import { DEVICE_LIST_SCHEMA } from '../../../protocol/device-schema';
import { offeredVerbs, rowColourOf } from '../../../protocol/resource-definition';
import { OVERRIDE_TARGETS } from '../../../protocol/resource-override';
import { field } from '../../../protocol/resource-schema';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';
import { DEVICE_LIST, deviceDefinition } from '../../../protocol/resources/devices';

describe('the device list as a declared resource', () => {
  it('is declared for every project, with every verb naming its device operation', () => {
    expect(RESOURCE_DEFINITIONS.devicelist).toBe(DEVICE_LIST);
    expect(DEVICE_LIST).toMatchObject({ scope: 'project', key: 'ID', labelField: 'MID' });
    expect(offeredVerbs(DEVICE_LIST).sort()).toEqual(
      ['create', 'delete', 'edit', 'export', 'list', 'show'].sort(),
    );
    const operation = (verb: 'list' | 'show' | 'create' | 'edit' | 'delete') =>
      DEVICE_LIST.verbs[verb]!.call;
    expect(operation('list')).toEqual({ operation: 'devicesWithPages' });
    expect(operation('edit')).toEqual({ operation: 'saveDevice', id: 'ID', record: 'device' });
    expect(operation('delete')).toEqual({ operation: 'deviceDelete', id: 'ID' });
    // The permissions are the operations' own project nodes.
    expect(DEVICE_LIST.verbs.create!.permission).toEqual({ node: 'devices.add', mode: 'write' });
    expect(DEVICE_LIST.verbs.show!.permission).toEqual({ node: 'devices.modify', mode: 'show' });
  });

  it('is made from a project’s effective schema: its labels, its order, its added columns', () => {
    const schema = {
      ...DEVICE_LIST_SCHEMA,
      fields: [
        { ...DEVICE_LIST_SCHEMA.fields[3], label: { es: 'Titular', en: 'Holder' } },
        DEVICE_LIST_SCHEMA.fields[2],
        field('device_info.LASTGPS', 'datetime', { label: { es: 'GPS', en: 'GPS' } }),
      ],
    };
    const definition = deviceDefinition(schema);
    expect(definition.fields.map((f) => [f.source, f.label?.es])).toEqual([
      ['OWNER', 'Titular'],
      ['MID', 'MID'],
      ['device_info.LASTGPS', 'GPS'],
    ]);
    // Every filter field takes its type's operators; the dialog's fields are a new device's.
    expect(definition.filterOperators).toEqual({
      OWNER: [1, 2, 3, 4, 5, 6],
      MID: [1, 2, 3, 4, 5, 6],
      'device_info.LASTGPS': [1, 2, 3, 4, 5, 6],
    });
    expect(definition.fields.filter((f) => f.create).map((f) => f.source)).toEqual([
      'OWNER',
      'MID',
    ]);
    expect(deviceDefinition().fields.find((f) => f.source === 'ID')).toMatchObject({
      create: false,
    });
    expect(deviceDefinition().filterOperators?.ID).toEqual([7, 8, 9, 10, 11, 12]);
  });

  it('paints rows by their colour state', () => {
    expect([0, 1, 2, 3].map((Estado) => rowColourOf(DEVICE_LIST, { Estado }))).toEqual([
      'success',
      'warning',
      'error',
      'info',
    ]);
  });

  it('keeps the override target that may add project columns', () => {
    expect(OVERRIDE_TARGETS.devicelist).toMatchObject({ table: 'devices', scope: 'project' });
    expect(Object.keys(OVERRIDE_TARGETS)[0]).toBe('devicelist');
  });
});
