import { applyOverride } from '../../../protocol/apply-override';
import {
  FIELD_FLAGS,
  NO_OVERRIDE,
  type FieldChange,
  type OverrideTarget,
  type ResourceOverride,
} from '../../../protocol/resource-override';
import type { FieldSchema } from '../../../protocol/resource-schema';

/**
 * The override editor's form (OverrideFields, OverrideFieldDialog) as plain functions: the fields
 * in the order the layers leave them, and the changes a form makes to the edited layer. The
 * edited layer stays the only thing saved, so the JSON tab and the form show the same text.
 */

/** The keys the field dialog edits, in its order: an override's field flags. */
export const CHANGE_FLAGS = FIELD_FLAGS;
export type ChangeFlag = (typeof CHANGE_FLAGS)[number];

/** One row of the field list: the field as every layer leaves it, and whether it is hidden. */
export interface FieldRow {
  field: FieldSchema;
  /** Hidden by this layer (it may show it again) or by one below (it may not). */
  hidden: 'here' | 'below' | false;
  /** A column of another project table that this layer adds (the device list only). */
  added: boolean;
}

/** Every field, hidden ones too, as `below` and then `layer` leave it, in their order. */
export function fieldRows(
  target: OverrideTarget,
  below: ResourceOverride,
  layer: ResourceOverride,
): FieldRow[] {
  const both = {
    ...layer,
    hide: [],
    fields: mergeFields(below.fields, layer.fields),
    add: [...below.add, ...layer.add],
    order: layer.order.length > 0 ? layer.order : below.order,
  };
  const { fields } = applyOverride({ fields: target.fields }, both);
  const added = new Set([...below.add, ...layer.add].map((each) => each.source));
  return fields.map((field) => ({
    field,
    hidden: below.hide.includes(field.source)
      ? 'below'
      : layer.hide.includes(field.source)
        ? 'here'
        : false,
    added: added.has(field.source),
  }));
}

function mergeFields(
  below: Record<string, FieldChange>,
  layer: Record<string, FieldChange>,
): Record<string, FieldChange> {
  const merged = { ...below };
  for (const [source, change] of Object.entries(layer)) {
    merged[source] = { ...merged[source], ...change };
  }
  return merged;
}

/** The layer with the field at `from` moved to `to`: its order then names every field. */
export function moveField(rows: FieldRow[], layer: ResourceOverride, from: number, to: number) {
  if (to < 0 || to >= rows.length || from === to) return layer;
  const order = rows.map((row) => row.field.source);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);
  return { ...layer, order };
}

/** What the field dialog edits: the field's label, flags, length and whether it is hidden. */
export interface FieldForm {
  /** Both empty: the label declared (or translated) for the field. */
  label: { es: string; en: string };
  flags: Record<ChangeFlag, boolean>;
  maxLength: number | null;
  hidden: boolean;
}

/** The dialog's values for a field as the layers leave it. */
export function fieldForm(row: FieldRow): FieldForm {
  const { field } = row;
  return {
    label: field.label ?? { es: '', en: '' },
    flags: Object.fromEntries(
      CHANGE_FLAGS.map((flag) => [flag, field[flag]]),
    ) as FieldForm['flags'],
    maxLength: field.maxLength,
    hidden: row.hidden !== false,
  };
}

/** The label the dialog gives: null when both are left empty, else both trimmed. */
function formLabel({ es, en }: FieldForm['label']) {
  return es.trim() === '' && en.trim() === '' ? null : { es: es.trim(), en: en.trim() };
}

const sameLabel = (a: FieldSchema['label'], b: FieldSchema['label']) =>
  a === b || (a !== null && b !== null && a.es === b.es && a.en === b.en);

/**
 * The layer with the dialog's values: only what differs from the field as the layers below
 * leave it is written, so a value set back to the one below leaves this layer's JSON. A column
 * this layer adds is changed in its `add` entry.
 */
export function withFieldForm(
  target: OverrideTarget,
  below: ResourceOverride,
  layer: ResourceOverride,
  source: string,
  form: FieldForm,
): ResourceOverride {
  const label = formLabel(form.label);
  const addedHere = layer.add.findIndex((each) => each.source === source);
  if (addedHere >= 0) {
    const { list, filter, sort, export: exported } = form.flags;
    const add = [...layer.add];
    const entry = { ...add[addedHere], list, filter, sort, export: exported };
    add[addedHere] = { ...entry, label: label ?? entry.label, maxLength: form.maxLength };
    return { ...layer, add, hide: hideOf(layer, source, form.hidden) };
  }
  const base = fieldRows(target, below, NO_OVERRIDE).find((row) => row.field.source === source);
  if (!base) return layer;
  const change: FieldChange = {};
  if (!sameLabel(label, base.field.label)) change.label = label;
  for (const flag of CHANGE_FLAGS) {
    if (form.flags[flag] !== base.field[flag]) change[flag] = form.flags[flag];
  }
  if (form.maxLength !== base.field.maxLength) change.maxLength = form.maxLength;
  const fields = { ...layer.fields };
  if (Object.keys(change).length > 0) fields[source] = change;
  else delete fields[source];
  const hidden = form.hidden && base.hidden !== 'below';
  return { ...layer, fields, hide: hideOf(layer, source, hidden) };
}

function hideOf(layer: ResourceOverride, source: string, hidden: boolean) {
  const others = layer.hide.filter((each) => each !== source);
  return hidden ? [...others, source] : others;
}
