import { describe, expect, it } from 'vitest';
import { MENUS, visibleMenu, type MenuEntry } from '../../../protocol/menu';
import { isAdmin, isTopAdmin } from '../../../protocol/roles';

const entries: MenuEntry[] = [
  { id: 'public', path: '/app/home', label: 'menu.home', icon: 'home', access: 'public' },
  { id: 'user', path: '/app/pricing', label: 'menu.pricing', icon: 'pricing', access: 'user' },
  { id: 'admin', path: '/app/actions', label: 'menu.actions', icon: 'history', access: 'admin' },
  {
    id: 'top',
    path: '/app/xonecias',
    label: 'menu.companies',
    icon: 'business',
    access: 'topadmin',
  },
  {
    id: 'org',
    path: '/app/organization',
    label: 'menu.organization',
    icon: 'business',
    access: 'user',
    needsSubscription: true,
  },
];
const ids = (list: MenuEntry[]) => list.map((entry) => entry.id);
const user = { role: 'USER', rights: 'USUARIO' };
const admin = { role: 'ADMIN', rights: 'ADMINISTRADOR' };
const top = { role: 'FLOTA', rights: 'ADMINISTRADOR' };

describe('menu visibility', () => {
  it('shows an ordinary user public and user entries only', () => {
    expect(ids(visibleMenu(entries, { profile: user, hasSubscription: true }))).toEqual([
      'public',
      'user',
      'org',
    ]);
  });

  it('shows admin-only entries to administrators and top-admin entries to the top admin only', () => {
    expect(ids(visibleMenu(entries, { profile: admin, hasSubscription: true }))).toEqual([
      'public',
      'user',
      'admin',
      'org',
    ]);
    expect(ids(visibleMenu(entries, { profile: top, hasSubscription: true }))).toContain('top');
  });

  it('hides entries that need a subscription from a company without one, but never public ones', () => {
    expect(ids(visibleMenu(entries, { profile: top, hasSubscription: false }))).toEqual([
      'public',
      'user',
      'admin',
      'top',
    ]);
  });

  it('has no pricing entry in the self-hosted manager flavour', () => {
    expect(ids(MENUS.manager)).not.toContain('pricing');
    expect(ids(MENUS.cloud)).toContain('pricing');
  });
});

describe('menu icons', () => {
  it('gives every entry of a menu an icon of its own (issue 17, defect 6)', () => {
    for (const entries of Object.values(MENUS)) {
      const icons = entries.map((entry) => entry.icon);
      expect(icons.filter((icon, index) => icons.indexOf(icon) !== index)).toEqual([]);
    }
  });
});

describe('roles', () => {
  it('recognises the top admin by the product suffix and admins by their rights', () => {
    expect(isTopAdmin({ role: 'SUPERFLOTA' })).toBe(true);
    expect(isTopAdmin({ role: 'ADMIN' })).toBe(false);
    expect(isAdmin(admin)).toBe(true);
    expect(isAdmin(user)).toBe(false);
    expect(isAdmin({ role: 'FLOTA', rights: '' })).toBe(true);
  });
});
