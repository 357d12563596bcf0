import { describe, expect, it } from 'vitest';
import { applyOverride } from '../../../protocol/apply-override';
import { overrideJsonSchema } from '../../../protocol/override-json-schema';
import {
  mergeOverrides,
  NO_OVERRIDE,
  overrideTarget,
  type ResourceOverride,
} from '../../../protocol/resource-override';
import { NOTIFICATIONS } from '../../../protocol/resources/notifications';
import { checkOverride } from '../../../protocol/override-check';

const layer = (change: Partial<ResourceOverride>): ResourceOverride => ({
  ...NO_OVERRIDE,
  ...change,
});
const label = (es: string, en: string) => ({ es, en });

describe('mergeOverrides', () => {
  it('adds up hidden fields and added columns, keeps the last order, merges field changes', () => {
    const merged = mergeOverrides([
      layer({
        hide: ['PIN2'],
        order: ['MID'],
        fields: { OWNER: { label: label('A', 'A'), list: false } },
      }),
      undefined,
      layer({ hide: ['IMEI', 'PIN2'], fields: { OWNER: { list: true } } }),
      layer({ order: ['EMAIL'], add: [{ source: 'X', label: label('X', 'X') }] }),
    ]);
    expect(merged).toEqual({
      hide: ['PIN2', 'IMEI'],
      order: ['EMAIL'],
      fields: { OWNER: { label: label('A', 'A'), list: true } },
      add: [{ source: 'X', label: label('X', 'X') }],
    });
  });

  it('is the empty override for no layers, which keeps a definition as it is', () => {
    expect(mergeOverrides([])).toEqual(NO_OVERRIDE);
    expect(applyOverride(NOTIFICATIONS, mergeOverrides([]))).toBe(NOTIFICATIONS);
  });

  it('applies to a declared resource: relabels and hides its columns', () => {
    const changed = applyOverride(
      NOTIFICATIONS,
      layer({ hide: ['body'], fields: { title: { label: label('Asunto', 'Subject') } } }),
    );
    expect(changed.fields.map((f) => f.source)).not.toContain('body');
    expect(changed.fields.find((f) => f.source === 'title')?.label).toEqual(
      label('Asunto', 'Subject'),
    );
    expect(changed.path).toBe(NOTIFICATIONS.path);
  });
});

describe('checkOverride', () => {
  const devicelist = overrideTarget('devicelist')!;
  const notifications = overrideTarget('notifications')!;

  it('accepts a good override, with its defaults filled in', () => {
    expect(checkOverride(devicelist, { hide: ['PIN2'] }, 'es')).toEqual({
      override: layer({ hide: ['PIN2'] }),
      issues: [],
    });
  });

  it('words shape problems in Spanish by their code, and in English by zod', () => {
    const json = { hide: 'PIN2', fields: { OWNER: { label: { es: '', en: 'x' } } } };
    expect(checkOverride(devicelist, json, 'es').issues).toEqual([
      { path: 'hide', text: 'valor no válido: se esperaba una lista' },
      { path: 'fields.OWNER.label.es', text: 'no puede estar vacío' },
    ]);
    expect(checkOverride(devicelist, json, 'en').issues[0].text).toMatch(/expected array/);
  });

  it('refuses added columns on a declared resource, and unknown names', () => {
    const { issues } = checkOverride(
      notifications,
      { hide: ['nada'], add: [{ source: 'X', label: label('X', 'X') }] },
      'es',
    );
    expect(issues).toEqual([
      {
        path: 'add.0',
        text: 'solo la lista de dispositivos añade columnas del proyecto; notifications no',
      },
      {
        path: 'hide.0',
        text: expect.stringMatching(/^el campo "nada" no existe \(campos de notifications: /),
      },
    ]);
  });
});

describe('overrideJsonSchema', () => {
  it("offers a resource's own field names, with their labels, and no added columns on a declared resource", () => {
    const schema = overrideJsonSchema(overrideTarget('notifications')!, 'en') as {
      properties: Record<string, Record<string, unknown>>;
    };
    const hide = schema.properties.hide as {
      items: { enum: string[]; markdownEnumDescriptions: string[] };
    };
    expect(hide.items.enum).toEqual(NOTIFICATIONS.fields.map((f) => f.source));
    expect(hide.items.markdownEnumDescriptions[hide.items.enum.indexOf('title')]).toBe('Title');
    expect(schema.properties.fields.additionalProperties).toBe(false);
    expect(schema.properties.add).toMatchObject({ maxItems: 0 });
  });

  it('lets the device list name added columns, labelled as the console labels them', () => {
    const schema = overrideJsonSchema(
      overrideTarget('devicelist')!,
      'es',
      (f) => `«${f.source}»`,
    ) as {
      properties: Record<string, Record<string, unknown>>;
    };
    const hide = schema.properties.hide as {
      items: { anyOf: { enum?: string[]; markdownEnumDescriptions?: string[] }[] };
    };
    expect(hide.items.anyOf[0].markdownEnumDescriptions).toContain('«OWNER»');
    expect(hide.items.anyOf[1]).toEqual({ type: 'string' });
    expect(schema.properties.add).toMatchObject({
      type: 'array',
      items: { required: ['source', 'label'] },
    });
  });
});
