import { describe, expect, it } from 'vitest';
import { screenTitle } from '../../../src/layout/screenTitle';

describe('screenTitle', () => {
  it('names a screen by its menu entry', () => {
    expect(screenTitle('/app/sqltables')).toBe('menu.sqltables');
    expect(screenTitle('/app/security')).toBe('menu.identity-clients');
    expect(screenTitle('/app/home/')).toBe('menu.home');
  });

  it('gives a path under an entry, or a screen of its area, the entry’s title', () => {
    expect(screenTitle('/app/setting/groups')).toBe('menu.setting');
    expect(screenTitle('/app/devicesscreen')).toBe('menu.devicelist');
    expect(screenTitle('/app/serverconnect')).toBe('menu.mam');
  });

  it('has no title for a path the menu does not know', () => {
    expect(screenTitle('/app/unknown')).toBeNull();
    expect(screenTitle('/app/sqltablesx')).toBeNull();
  });
});
