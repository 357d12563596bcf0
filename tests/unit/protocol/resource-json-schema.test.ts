import { describe, expect, it } from 'vitest';
import { recordJsonSchema } from '../../../protocol/resource-json-schema';
import { COMPANIES } from '../../../protocol/resources/companies';
import { ENVIRONMENTS } from '../../../protocol/resources/environments';

describe('the JSON Schema of a declared record', () => {
  it('gives a create its fields, limits, formats and defaults, and requires the required', () => {
    const create = recordJsonSchema(ENVIRONMENTS, 'create');
    expect(Object.keys(create.properties as object)).toEqual([
      'title',
      'address',
      'authority',
      'maxLicences',
      'datemask',
    ]);
    expect(create.required).toEqual(['title', 'address', 'authority']);
    const properties = create.properties as Record<string, Record<string, unknown>>;
    expect(properties.title).toMatchObject({ type: 'string', maxLength: 100, title: 'Nombre' });
    expect(properties.address).toMatchObject({ type: 'string', format: 'uri' });
    expect(properties.maxLicences).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 1_000_000_000,
      default: 0,
    });
    expect(new RegExp(properties.datemask.pattern as string).test('dd/mm/yyyy')).toBe(true);
    expect(new RegExp(properties.datemask.pattern as string).test('dd/mm')).toBe(false);
  });

  it('marks what the server works out as read-only, and lists codes with their labels', () => {
    const read = recordJsonSchema(COMPANIES, 'read');
    const properties = read.properties as Record<string, Record<string, unknown>>;
    expect(properties.users).toMatchObject({ type: 'integer', readOnly: true });
    expect(properties.tier.enum).toEqual([
      'FLOTA_FREE',
      'FLOTA_BASIC',
      'FLOTA_PRO',
      'FLOTA_ENTERPRISE',
    ]);
    expect(properties.tier['x-choice-labels']).toMatchObject({
      FLOTA_PRO: { es: 'Profesional', en: 'Professional' },
    });
    expect(properties.id).toMatchObject({ readOnly: true });
    expect(read.required).toBeUndefined();
  });

  it('gives an edit only its fields and requires none', () => {
    const edit = recordJsonSchema(ENVIRONMENTS, 'edit');
    expect(Object.keys(edit.properties as object)).toEqual([
      'title',
      'address',
      'authority',
      'datemask',
    ]);
    expect(edit.required).toBeUndefined();
  });
});
