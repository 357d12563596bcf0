import { describe, expect, it } from 'vitest';
import { uniformTree } from '../../../protocol/access-tree';
import { CLOUD_TREE, MANAGER_TREE, menuAllows, menuNodeLabel } from '../../../protocol/menu-tree';
import { OPERATION_GATES, UNGATED_OPERATIONS } from '../../../server/services/access/gates';
import { createRegistry } from '../../../server/services';

const ids = (tree: typeof CLOUD_TREE) =>
  new Set(
    uniformTree(true, true, tree).flatMap(function all(node): string[] {
      return [node.id, ...(node.nodes ?? []).flatMap(all)];
    }),
  );

describe('menu gates', () => {
  it('names every operation: an area of the menu, or none on purpose', () => {
    const unclassified = createRegistry()
      .names()
      .filter((name) => !(name in OPERATION_GATES) && !UNGATED_OPERATIONS.includes(name));
    expect(unclassified).toEqual([]);
  });

  it('gates by nodes that exist in each flavour’s tree', () => {
    const cloud = ids(CLOUD_TREE);
    const manager = ids(MANAGER_TREE);
    for (const [name, gate] of Object.entries(OPERATION_GATES)) {
      expect(cloud.has(gate.node.cloud), `${name}: ${gate.node.cloud}`).toBe(true);
      expect(manager.has(gate.node.manager), `${name}: ${gate.node.manager}`).toBe(true);
    }
  });

  it('allows with no list, denies a missing environment, allows an empty tree', () => {
    const onlyMam = [
      {
        idenv: 1,
        type: 3,
        access: [
          {
            id: 'devices',
            show: true,
            write: false,
            nodes: [{ id: 'devices.mam', show: true, write: false }],
          },
        ],
      },
    ];
    expect(menuAllows([], 1, 'projects.list', 'show')).toBe(true);
    expect(menuAllows(onlyMam, 2, 'devices.mam', 'show')).toBe(false);
    expect(menuAllows(onlyMam, 1, 'devices.mam', 'show')).toBe(true);
    expect(menuAllows(onlyMam, 1, 'devices.mam', 'write')).toBe(false);
    expect(menuAllows(onlyMam, 1, 'projects.list', 'show')).toBe(false);
    expect(menuAllows([{ idenv: 1, type: 3, access: [] }], 1, 'projects.list', 'write')).toBe(true);
  });

  it('names a node with its parents in both languages', () => {
    expect(menuNodeLabel('projects.environments.new', 'es')).toBe('Proyectos → Entornos → Nuevo');
    expect(menuNodeLabel('devices.mam', 'en')).toBe('Devices → MAM');
  });
});
