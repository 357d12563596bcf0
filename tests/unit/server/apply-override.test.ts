import { describe, expect, it } from 'vitest';
import { DEVICE_LIST_SCHEMA } from '../../../protocol/device-schema';
import { field, type ResourceSchema } from '../../../protocol/resource-schema';
import { applyOverride } from '../../../protocol/apply-override';

const sources = (schema: ResourceSchema) => schema.fields.map((f) => f.source);
const fieldOf = (schema: ResourceSchema, source: string) =>
  schema.fields.find((f) => f.source === source);

describe('applyOverride', () => {
  it('leaves the schema as declared without an override, or with an empty one', () => {
    expect(applyOverride(DEVICE_LIST_SCHEMA)).toEqual(DEVICE_LIST_SCHEMA);
    expect(applyOverride(DEVICE_LIST_SCHEMA, {})).toEqual(DEVICE_LIST_SCHEMA);
  });

  it('removes hidden fields and keeps the others in their order', () => {
    const schema = applyOverride(DEVICE_LIST_SCHEMA, { hide: ['PIN2', 'IMEI', 'ID'] });
    expect(sources(schema)).toEqual(
      sources(DEVICE_LIST_SCHEMA).filter((s) => !['PIN2', 'IMEI', 'ID'].includes(s)),
    );
    expect(schema.key).toBe('ID');
  });

  it('moves the named fields first in that order, the others after in theirs', () => {
    const schema = applyOverride(DEVICE_LIST_SCHEMA, {
      order: ['MID', 'OWNER', 'DEVICE_TYPE', 'MID'],
    });
    expect(sources(schema).slice(0, 5)).toEqual(['MID', 'OWNER', 'DEVICE_TYPE', 'ID', 'PIN']);
    expect(sources(schema)).toHaveLength(DEVICE_LIST_SCHEMA.fields.length);
  });

  it('changes flags, label and maxLength but never type or source', () => {
    const schema = applyOverride(DEVICE_LIST_SCHEMA, {
      fields: {
        OWNER: { label: { es: 'Titular', en: 'Holder' }, filter: false, export: false },
        EMAIL: { maxLength: 80, required: true },
      },
    });
    expect(fieldOf(schema, 'OWNER')).toEqual(
      field('OWNER', 'text', {
        label: { es: 'Titular', en: 'Holder' },
        filter: false,
        export: false,
        edit: true,
        maxLength: 200,
      }),
    );
    expect(fieldOf(schema, 'EMAIL')).toMatchObject({ maxLength: 80, required: true, edit: true });
    expect(fieldOf(DEVICE_LIST_SCHEMA, 'OWNER')?.filter).toBe(true);
  });

  it('appends added fields, listed, filtered, sorted and exported by default, never edited', () => {
    const schema = applyOverride(DEVICE_LIST_SCHEMA, {
      add: [
        { source: 'COSTCENTER', label: { es: 'Centro de coste', en: 'Cost centre' } },
        {
          source: 'device_info.LASTGPS',
          label: { es: 'Último GPS', en: 'Last GPS' },
          type: 'datetime',
          sort: false,
        },
      ],
      fields: { COSTCENTER: { edit: true, readOnly: false, required: true, list: false } },
    });
    expect(sources(schema).slice(-2)).toEqual(['COSTCENTER', 'device_info.LASTGPS']);
    expect(fieldOf(schema, 'COSTCENTER')).toEqual(
      field('COSTCENTER', 'text', {
        label: { es: 'Centro de coste', en: 'Cost centre' },
        list: false,
        readOnly: true,
      }),
    );
    expect(fieldOf(schema, 'device_info.LASTGPS')).toMatchObject({
      type: 'datetime',
      list: true,
      filter: true,
      sort: false,
      export: true,
      edit: false,
      readOnly: true,
    });
  });

  it('orders and hides added fields like declared ones, and ignores names it lacks', () => {
    const schema = applyOverride(DEVICE_LIST_SCHEMA, {
      add: [{ source: 'COSTCENTER', label: { es: 'C', en: 'C' } }],
      order: ['COSTCENTER', 'MISSING', 'MID'],
      hide: ['PIN', 'ALSO_MISSING'],
      fields: { GONE: { list: false } },
    });
    expect(sources(schema).slice(0, 3)).toEqual(['COSTCENTER', 'MID', 'ID']);
    expect(sources(schema)).not.toContain('PIN');
    const hiddenAdded = applyOverride(DEVICE_LIST_SCHEMA, {
      add: [{ source: 'COSTCENTER', label: { es: 'C', en: 'C' } }],
      hide: ['COSTCENTER'],
    });
    expect(sources(hiddenAdded)).toEqual(sources(DEVICE_LIST_SCHEMA));
  });

  it('does not change the schema it is given', () => {
    const before = JSON.stringify(DEVICE_LIST_SCHEMA);
    applyOverride(DEVICE_LIST_SCHEMA, {
      hide: ['PIN2'],
      order: ['MID'],
      fields: { OWNER: { list: false } },
      add: [{ source: 'X', label: { es: 'X', en: 'X' } }],
    });
    expect(JSON.stringify(DEVICE_LIST_SCHEMA)).toBe(before);
  });
});
