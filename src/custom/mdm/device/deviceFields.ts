import { choiceLabel } from '../../../../protocol/resource-schema';
import { MDM_DEVICES } from '../../../../protocol/resources/mdm-devices';
import { formatDateTime } from '../../../i18n/formats';
import type { ManagedDevice } from './types';

const FIELDS = new Map(MDM_DEVICES.fields.map((field) => [field.source, field]));

/** A managed device's field, labelled and shown as its list shows it (choices by their labels). */
export function deviceField(
  device: ManagedDevice,
  source: keyof ManagedDevice,
  language: 'es' | 'en',
) {
  const field = FIELDS.get(source)!;
  const value = device[source];
  const text =
    value === null || value === undefined || value === ''
      ? '—'
      : field.choices
        ? choiceLabel(field, value, language)
        : field.type === 'datetime'
          ? formatDateTime(String(value), language)
          : String(value);
  return { label: field.label?.[language] ?? source, text };
}
