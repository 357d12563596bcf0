import { describe, expect, it } from 'vitest';
import { NO_OVERRIDE, overrideTarget } from '../../../protocol/resource-override';
import {
  fieldForm,
  fieldRows,
  moveField,
  withFieldForm,
} from '../../../src/custom/resources/overrideForm';

const target = overrideTarget('devicelist')!;
const sources = (rows: ReturnType<typeof fieldRows>) => rows.map((row) => row.field.source);

describe('the override form', () => {
  it('lists every field, hidden ones too, in the order the layers give', () => {
    const below = { ...NO_OVERRIDE, hide: ['PIN2'] };
    const layer = { ...NO_OVERRIDE, order: ['OWNER'], hide: ['IMEI'] };
    const rows = fieldRows(target, below, layer);
    expect(rows).toHaveLength(target.fields.length);
    expect(rows[0].field.source).toBe('OWNER');
    expect(rows.find((row) => row.field.source === 'PIN2')?.hidden).toBe('below');
    expect(rows.find((row) => row.field.source === 'IMEI')?.hidden).toBe('here');
  });

  it('moves a field by writing the whole order into the edited layer', () => {
    const rows = fieldRows(target, NO_OVERRIDE, NO_OVERRIDE);
    const moved = moveField(rows, NO_OVERRIDE, 2, 0);
    expect(moved.order[0]).toBe(sources(rows)[2]);
    expect(moved.order).toHaveLength(rows.length);
    expect(moveField(rows, NO_OVERRIDE, 0, -1)).toBe(NO_OVERRIDE);
  });

  it('writes only what differs from the layers below, and removes a change set back', () => {
    const row = fieldRows(target, NO_OVERRIDE, NO_OVERRIDE).find(
      (each) => each.field.source === 'OWNER',
    )!;
    const form = fieldForm(row);
    const changed = withFieldForm(target, NO_OVERRIDE, NO_OVERRIDE, 'OWNER', {
      ...form,
      label: { es: 'Titular', en: 'Holder' },
      flags: { ...form.flags, list: !form.flags.list },
      hidden: true,
    });
    expect(changed.fields.OWNER).toEqual({
      label: { es: 'Titular', en: 'Holder' },
      list: !form.flags.list,
    });
    expect(changed.hide).toEqual(['OWNER']);
    const back = withFieldForm(target, NO_OVERRIDE, changed, 'OWNER', form);
    expect(back.fields).toEqual({});
    expect(back.hide).toEqual([]);
  });
});
