import type { ResourceSchema } from '../../../../protocol/resource-schema';
import type { DeviceForEdit, DeviceSave } from '../../../dataProvider';

/** Inputs of the dialog's own (platform, model, application, user); the licence has its button. */
export const OWN_SOURCES = ['DEVICE_TYPE', 'MODEL', 'IDAPPLICATION', 'IDUSER'] as const;

/** Left out of the generic inputs: the dialog's own inputs and the licence. */
export const NOT_GENERIC = [...OWN_SOURCES, 'LIC'] as const;

/** The fields the form may change: the schema's editable ones and the dialog's own. */
export function editableSources(schema: ResourceSchema): string[] {
  const generic = schema.fields
    .filter((field) => field.edit && !field.readOnly && !field.source.includes('.'))
    .map((field) => field.source)
    .filter((source) => !(NOT_GENERIC as readonly string[]).includes(source));
  return [...generic, ...OWN_SOURCES];
}

/** Empty text and absence mean the same to saveDevice: no value. */
const normal = (value: unknown) => (value === undefined || value === '' ? null : value);

/**
 * What saveDevice should receive: for an existing device its ID and the fields that changed
 * (absent fields are kept by the server), for a new one every field that has a value.
 * `null` when an existing device has no change.
 */
export function deviceChanges(
  device: DeviceForEdit,
  values: Record<string, unknown>,
  sources: readonly string[],
): DeviceSave | null {
  const isNew = device.ID === null;
  const changes: DeviceSave = {};
  for (const source of sources) {
    const value = normal(values[source]);
    const before = normal((device as unknown as Record<string, unknown>)[source]);
    if (isNew ? value !== null : value !== before) changes[source] = value;
  }
  if (isNew) return changes;
  if (Object.keys(changes).length === 0) return null;
  return { ID: device.ID, ...changes };
}
