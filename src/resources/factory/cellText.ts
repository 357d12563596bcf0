import {
  choiceLabel,
  isDateField,
  isNumericField,
  type FieldSchema,
} from '../../../protocol/resource-schema';
import { formatDate, formatDateTime } from '../../i18n/formats';
import { formatDecimal, isIdentifierName } from '../../i18n/numbers';
import { jsonText, toDate } from '../schema/cellValue';

export type Language = 'es' | 'en';

/**
 * A cell of a declared list as text in the console language: a choice by its label (never its
 * code), a date by the language's rule (a date without its time), a number with the language's
 * separators and every digit it has (grouped in thousands unless it is an identifier or its field
 * says `ungrouped`), JSON as `key: value` pairs. Booleans are icons (DefinitionValue), not text.
 */
export function cellText(field: FieldSchema, value: unknown, language: Language): string {
  if (value === null || value === undefined || value === '') return '';
  // A list field (a group's MIDs, its users' IDs): each item as its type shows it.
  if (field.multiple && Array.isArray(value)) {
    const item = { ...field, multiple: false };
    return value.map((each) => cellText(item, each, language)).join(', ');
  }
  if (field.choices) return choiceLabel(field, value, language);
  if (isDateField(field)) {
    const date = toDate(value);
    if (!date) return String(value);
    return field.type === 'datetime' ? formatDateTime(date, language) : formatDate(date, language);
  }
  if (isNumericField(field)) {
    const grouping = !field.ungrouped && !isIdentifierName(field.source);
    return formatDecimal(value, language, { grouping });
  }
  if (field.type === 'json') return jsonText(value, field, language);
  if (field.type === 'password') return '';
  if (typeof value === 'object') return jsonText(value);
  // A coded text (a replicator setting's `true` or `ymd`) by its label.
  return field.valueLabels?.[String(value)]?.[language] ?? String(value);
}
