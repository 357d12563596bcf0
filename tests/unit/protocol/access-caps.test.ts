import { describe, expect, it } from 'vitest';
import { capTree, MAM_NODE, normaliseTypedTree } from '../../../protocol/access-caps';
import { canAccess, markShow, markWrite, uniformTree } from '../../../protocol/access-tree';

describe('trees by environment cap a share (002 §6 types 4 and 5)', () => {
  const share = uniformTree(true, true);

  it('keeps a node only where the cap allows it too', () => {
    const cap = markShow(uniformTree(false, false), 'devices', true);
    const capped = capTree(share, cap);
    expect(canAccess(capped, 'devices', 'show')).toBe(true);
    expect(canAccess(capped, 'devices', 'write')).toBe(false);
    expect(canAccess(capped, 'reports', 'show')).toBe(false);
  });

  it('leaves the share alone with no cap or an empty one, and limits only chosen nodes', () => {
    expect(capTree(share, null)).toEqual(share);
    expect(capTree(share, [])).toEqual(share);
    const mam = capTree(share, markWrite(uniformTree(false, false), 'statistics', true), (id) =>
      MAM_NODE.test(id),
    );
    expect(canAccess(mam, 'statistics', 'write')).toBe(true);
    expect(canAccess(mam, 'settings.filebrowser', 'show')).toBe(false);
    expect(canAccess(mam, 'reports', 'write')).toBe(true);
  });

  it('normalises a stored tree by its type, keeping only show, write and nodes', () => {
    expect(normaliseTypedTree([], 4)).toEqual([]);
    const stored = normaliseTypedTree([{ id: 'devices', show: true, title: 'x', icon: 'y' }], 5);
    expect(JSON.stringify(stored)).not.toMatch(/title|icon/);
    expect(canAccess(stored, 'devices', 'show')).toBe(true);
    expect(normaliseTypedTree([{ id: 'administration', write: true }], 2)[0]).toMatchObject({
      id: 'administration',
      show: true,
      write: true,
    });
  });
});
