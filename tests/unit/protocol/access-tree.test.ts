import { describe, expect, it } from 'vitest';
import {
  ACCESS_NODE_IDS,
  canAccess,
  DATABASE_TREE,
  markShow,
  markWrite,
  normaliseTree,
  uniformTree,
  type AccessNode,
} from '../../../protocol/access-tree';

/** id → "sw" flags ('s' show, 'w' write, '-' neither) of every node, for compact assertions. */
function flags(tree: AccessNode[]): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (nodes: AccessNode[]) => {
    for (const node of nodes) {
      out[node.id] = `${node.show ? 's' : '-'}${node.write ? 'w' : '-'}`;
      if (node.nodes) walk(node.nodes);
    }
  };
  walk(tree);
  return out;
}

const nothing = () => uniformTree(false, false);
const PROVISIONING = [
  'devices.provisioning',
  'devices.provisioning.install',
  'devices.provisioning.config',
  'devices.provisioning.database',
];

describe('uniformTree', () => {
  it('has every node of the database tree, in order, with the same flags', () => {
    const full = uniformTree(true, true);
    expect(Object.keys(flags(full))).toEqual([...ACCESS_NODE_IDS]);
    expect(new Set(Object.values(flags(full)))).toEqual(new Set(['sw']));
    expect(new Set(Object.values(flags(uniformTree(true, false))))).toEqual(new Set(['s-']));
    expect(new Set(Object.values(flags(nothing())))).toEqual(new Set(['--']));
  });

  it('never gives write without show', () => {
    expect(new Set(Object.values(flags(uniformTree(false, true))))).toEqual(new Set(['--']));
  });

  it('follows DATABASE_TREE for its top level', () => {
    expect(uniformTree(true, true).map((node) => node.id)).toEqual(
      DATABASE_TREE.map((node) => node.id),
    );
  });
});

describe('markShow (002 §4)', () => {
  it('ticking a node ticks its ancestors and all its descendants', () => {
    const tree = flags(markShow(nothing(), 'devices.provisioning', true));
    for (const id of PROVISIONING) expect(tree[id]).toBe('s-');
    expect(tree.devices).toBe('s-');
    expect(tree['devices.add']).toBe('--');
    expect(tree.settings).toBe('--');
  });

  it('ticking a leaf ticks the whole path up to the root', () => {
    const tree = flags(markShow(nothing(), 'devices.provisioning.config', true));
    expect(tree['devices.provisioning.config']).toBe('s-');
    expect(tree['devices.provisioning']).toBe('s-');
    expect(tree.devices).toBe('s-');
    expect(tree['devices.provisioning.install']).toBe('--');
  });

  it('with recursive marking off, ticking leaves the descendants alone', () => {
    const tree = flags(markShow(nothing(), 'devices', true, { recursive: false }));
    expect(tree.devices).toBe('s-');
    expect(tree['devices.add']).toBe('--');
    expect(tree['devices.provisioning.install']).toBe('--');
  });

  it('unticking clears the node and its descendants (show and write), not its ancestors', () => {
    const tree = flags(markShow(uniformTree(true, true), 'devices.provisioning', false));
    for (const id of PROVISIONING) expect(tree[id]).toBe('--');
    expect(tree.devices).toBe('sw');
    expect(tree['devices.status']).toBe('sw');
  });

  it('does not change the tree it is given', () => {
    const before = nothing();
    markShow(before, 'devices', true);
    expect(new Set(Object.values(flags(before)))).toEqual(new Set(['--']));
  });
});

describe('markWrite (002 §4)', () => {
  it('ticking sets write and show on the node, its descendants and its ancestors', () => {
    const tree = flags(markWrite(nothing(), 'devices.provisioning', true));
    for (const id of PROVISIONING) expect(tree[id]).toBe('sw');
    expect(tree.devices).toBe('sw');
    expect(tree['devices.add']).toBe('--');
    expect(tree.queries).toBe('--');
  });

  it('unticking clears write on the node and its descendants only', () => {
    const tree = flags(markWrite(uniformTree(true, true), 'devices.provisioning', false));
    for (const id of PROVISIONING) expect(tree[id]).toBe('s-');
    expect(tree.devices).toBe('sw');
    expect(tree['devices.add']).toBe('sw');
  });
});

describe('normaliseTree', () => {
  it('answers exactly the defined nodes, missing ones denied', () => {
    const tree = normaliseTree([{ id: 'queries', show: true, write: false }]);
    expect(Object.keys(flags(tree))).toEqual([...ACCESS_NODE_IDS]);
    expect(flags(tree).queries).toBe('s-');
    expect(flags(tree).reports).toBe('--');
  });

  it('drops unknown ids and fields other than id, show, write and nodes', () => {
    const tree = normaliseTree([
      { id: 'nonsense', show: true, write: true },
      { id: 'reports', show: true, write: false, title: 'Informes', icon: 'x' },
    ]);
    expect(Object.keys(flags(tree))).not.toContain('nonsense');
    const reports = tree.find((node) => node.id === 'reports');
    expect(reports).toEqual({ id: 'reports', show: true, write: false });
  });

  it('turns write into show and write', () => {
    expect(flags(normaliseTree([{ id: 'updates', show: false, write: true }])).updates).toBe('sw');
  });

  it('shows the ancestors of a shown node, found at any depth of the input', () => {
    const tree = flags(
      normaliseTree([
        {
          id: 'devices',
          show: false,
          write: false,
          nodes: [{ id: 'devices.provisioning.install', show: true, write: false }],
        },
      ]),
    );
    expect(tree['devices.provisioning.install']).toBe('s-');
    expect(tree['devices.provisioning']).toBe('s-');
    expect(tree.devices).toBe('s-');
    expect(tree['devices.add']).toBe('--');
  });

  it('reads anything that is not a list as the empty tree, every node denied', () => {
    for (const input of [null, undefined, 'x', 42, { id: 'devices' }]) {
      expect(new Set(Object.values(flags(normaliseTree(input))))).toEqual(new Set(['--']));
    }
  });

  it('only accepts the flag true, not truthy values', () => {
    const tree = flags(normaliseTree([{ id: 'reports', show: 'yes', write: 1 }]));
    expect(tree.reports).toBe('--');
  });

  it('keeps a normalised tree as it is', () => {
    const tree = markWrite(markShow(nothing(), 'settings', true), 'devices.status', true);
    expect(normaliseTree(tree)).toEqual(tree);
  });
});

describe('canAccess', () => {
  it('allows everything when no tree is loaded or the tree is empty (002 §5, §6)', () => {
    for (const tree of [null, undefined, []]) {
      expect(canAccess(tree, 'devices.delete', 'write')).toBe(true);
    }
  });

  it('denies a node missing from a non-empty tree', () => {
    const tree: AccessNode[] = [{ id: 'queries', show: true, write: true }];
    expect(canAccess(tree, 'queries', 'write')).toBe(true);
    expect(canAccess(tree, 'devices', 'show')).toBe(false);
  });

  it('reads show and write of nested nodes', () => {
    const tree = markShow(nothing(), 'devices', true);
    expect(canAccess(tree, 'devices.status', 'show')).toBe(true);
    expect(canAccess(tree, 'devices.status', 'write')).toBe(false);
    const writable = markWrite(tree, 'devices.status', true);
    expect(canAccess(writable, 'devices.status', 'write')).toBe(true);
    expect(canAccess(writable, 'devices.delete', 'write')).toBe(false);
  });

  it('answers the uniform trees as full, read-only and nothing', () => {
    expect(canAccess(uniformTree(true, true), 'publish', 'write')).toBe(true);
    expect(canAccess(uniformTree(true, false), 'publish', 'write')).toBe(false);
    expect(canAccess(uniformTree(true, false), 'publish', 'show')).toBe(true);
    expect(canAccess(nothing(), 'reports', 'show')).toBe(false);
  });
});
