import { describe, expect, it } from 'vitest';
import { offeredVerbs } from '../../../protocol/resource-definition';
import { choiceLabel } from '../../../protocol/resource-schema';
import { MENUS } from '../../../protocol/menu';
import { RESOURCE_DEFINITIONS } from '../../../protocol/resources';
import { DEVICE_SEARCH } from '../../../protocol/resources/device-search';
import { devicesByDatabase } from '../../../server/services/devices/search';

const fieldOf = (source: string) => DEVICE_SEARCH.fields.find((f) => f.source === source)!;

describe('the global device search, declared', () => {
  it('is the menu’s search screen, listed only, through devicesByDatabase', () => {
    expect(RESOURCE_DEFINITIONS.search).toBe(DEVICE_SEARCH);
    const entry = MENUS.cloud.find((e) => e.id === DEVICE_SEARCH.name);
    expect(entry?.path).toBe(DEVICE_SEARCH.path);
    expect(DEVICE_SEARCH.scope).toBe('company');
    expect(offeredVerbs(DEVICE_SEARCH)).toEqual(['list']);
    expect(DEVICE_SEARCH.bulk).toEqual([]);
  });

  it('shows the platform and the sync state by their labels', () => {
    expect(choiceLabel(fieldOf('DEVICE_TYPE'), 'IPHONE', 'es')).toBe('iPhone');
    expect(choiceLabel(fieldOf('DEVICE_TYPE'), 'ANDROID', 'en')).toBe('Android');
    expect(choiceLabel(fieldOf('colour'), 'green', 'es')).toBe('Sincronizado hoy');
    expect(choiceLabel(fieldOf('colour'), 'red', 'en')).toBe('Not synced today');
    expect(fieldOf('SINCRONISMO').type).toBe('datetime');
  });

  it('keeps MIDs, e-mails and sync times on one line (issue 17, defect 6)', () => {
    const noWrap = DEVICE_SEARCH.fields.filter((f) => f.noWrap).map((f) => f.source);
    expect(noWrap).toEqual(['MID', 'EMAIL', 'SINCRONISMO', 'LAST_SEEN']);
  });

  it('sorts and filters by what its operation takes, and nothing else', () => {
    const parameter = devicesByDatabase.parameter;
    for (const field of DEVICE_SEARCH.fields.filter((f) => f.sort)) {
      const datatable = { start: 0, length: 10, orderBy: field.source };
      expect(parameter.safeParse({ datatable }).success, field.source).toBe(true);
    }
    const filters = DEVICE_SEARCH.fields.filter((f) => f.filter).map((f) => f.source);
    expect(filters.sort()).toEqual(['DEVICE_TYPE', 'name']);
    const parsed = parameter.parse({
      filter: { q: ' garc ', DEVICE_TYPE: 'iphone', name: 'Demo' },
    });
    expect((parsed as { filter: unknown }).filter).toEqual({
      q: 'garc',
      DEVICE_TYPE: 'IPHONE',
      name: 'Demo',
    });
    expect(parameter.safeParse({ filter: { DEVICE_TYPE: 'TOASTER' } }).success).toBe(false);
  });
});
