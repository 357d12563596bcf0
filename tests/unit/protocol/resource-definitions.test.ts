import { describe, expect, it } from 'vitest';
import { offeredVerbs, rowColourOf } from '../../../protocol/resource-definition';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';
import { choiceLabel } from '../../../protocol/resource-schema';
import { createRegistry } from '../../../server/services';

const definitions = Object.values(RESOURCE_DEFINITIONS);

describe('the declared resources', () => {
  it('call only operations the server has', () => {
    const registry = createRegistry();
    for (const definition of definitions) {
      const calls = [
        ...offeredVerbs(definition).map((verb) => definition.verbs[verb]!.call),
        ...definition.bulk.map((action) => action.call),
      ];
      for (const call of calls) {
        if ('operation' in call) expect(registry.get(call.operation), call.operation).toBeDefined();
      }
    }
  });

  it('declare the role their operations check on the server', () => {
    const registry = createRegistry();
    for (const definition of definitions) {
      const verbs = [
        ...offeredVerbs(definition).map((verb) => definition.verbs[verb]!),
        ...definition.bulk,
      ];
      for (const { permission, call } of verbs) {
        if (!('operation' in call) || !('role' in permission)) continue;
        expect(registry.get(call.operation)!.permission, call.operation).toBe(permission.role);
      }
    }
  });

  it('label every field and every choice in both languages', () => {
    for (const definition of definitions) {
      for (const field of definition.fields) {
        expect(field.label?.es, `${definition.name}.${field.source}`).toBeTruthy();
        expect(field.label?.en, `${definition.name}.${field.source}`).toBeTruthy();
        for (const choice of field.choices ?? []) {
          expect(choice.label.es && choice.label.en).toBeTruthy();
        }
      }
    }
  });

  it('sort by default on a sortable field, and name records by a field they have', () => {
    for (const { name, fields, sort, labelField, key } of definitions) {
      const sources = fields.map((f) => f.source);
      expect(sources, name).toContain(labelField);
      expect(fields.find((f) => f.source === sort.field)?.sort ?? sort.field === key, name).toBe(
        true,
      );
    }
  });

  it('show codes by their labels and paint rows by their rules', () => {
    const tier = RESOURCE_DEFINITIONS.companies.fields.find((f) => f.source === 'tier')!;
    expect(choiceLabel(tier, 'FLOTA_PRO', 'es')).toBe('Profesional');
    expect(choiceLabel(tier, 'FLOTA_PRO', 'en')).toBe('Professional');
    expect(rowColourOf(RESOURCE_DEFINITIONS.companies, { active: false })).toBe('disabled');
    expect(rowColourOf(RESOURCE_DEFINITIONS.companies, { active: true })).toBeNull();
  });
});
