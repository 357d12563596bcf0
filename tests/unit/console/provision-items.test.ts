import { describe, expect, it } from 'vitest';
import { provisionItems } from '../../../src/custom/devices/provisioning/provisionItems';

describe('provisionItems (001 §2, §6)', () => {
  it('shows each item by its flag, and "to all" without a selection', () => {
    const all = { provisioningUpdate: true, provisioningConfig: true, provisioningDb: true };
    expect(provisionItems(all, 2)).toEqual([
      'provInstall',
      'provConfigaration',
      'provDatabase',
      'provDatabaseSafe',
      'provSendMailInstall',
      'mailAll',
      'provDeleteDatabaseSafe',
    ]);
    expect(provisionItems(all, 0)).toEqual(['mailAll']);
    expect(provisionItems({ provisioningUpdate: true }, 1)).toEqual(['provInstall']);
    expect(provisionItems({ provisioningConfig: true }, 1)).toEqual(['provConfigaration']);
    expect(provisionItems({}, 3)).toEqual([]);
  });
});
