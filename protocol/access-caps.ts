import {
  canAccess,
  DATABASE_TREE,
  normaliseTree,
  uniformTree,
  type AccessNode,
  type TreeDefinition,
} from './access-tree';
import { CLOUD_TREE, MANAGER_TREE, PERMISSION_TYPE } from './menu-tree';

/**
 * The project trees a user is given by environment (002 §6 permission types 4 and 5;
 * docs/decisions.md "Permission types 1–6"): caps on what their shares of that environment's
 * projects allow. Type 4 caps every node, type 5 (MAM) only the device area's.
 */
export const MAM_NODE = /^(devices|statistics|settings)(\.|$)/;

/**
 * A share's tree with a cap applied: a node keeps show (write) only when the cap allows it too.
 * No cap, or an empty one ("allow all"), leaves the tree as it is; `applies` limits the cap to
 * some nodes.
 */
export function capTree(
  tree: readonly AccessNode[],
  cap: readonly AccessNode[] | null | undefined,
  applies: (id: string) => boolean = () => true,
): AccessNode[] {
  if (!cap || cap.length === 0) return [...tree];
  const full = tree.length === 0 ? uniformTree(true, true) : tree;
  const limit = (nodes: readonly AccessNode[]): AccessNode[] =>
    nodes.map((node) => {
      const capped = applies(node.id);
      const show = node.show && (!capped || canAccess(cap, node.id, 'show'));
      const write = show && node.write && (!capped || canAccess(cap, node.id, 'write'));
      return { ...node, show, write, ...(node.nodes ? { nodes: limit(node.nodes) } : {}) };
    });
  return limit(full);
}

/** Each stored type's tree definition: 2 and 6 the manager's, 3 the cloud portal's, 4 and 5 a project's. */
export const TREE_OF_TYPE: Readonly<Record<number, TreeDefinition>> = {
  [PERMISSION_TYPE.manager]: MANAGER_TREE,
  [PERMISSION_TYPE.cloudUi]: CLOUD_TREE,
  [PERMISSION_TYPE.projectByEnvironment]: DATABASE_TREE,
  [PERMISSION_TYPE.mamByEnvironment]: DATABASE_TREE,
  [PERMISSION_TYPE.managerUi]: MANAGER_TREE,
};

/** The types kept per user and environment in core.user_access (type 1 is the project's share). */
export const STORED_TYPES = [2, 3, 4, 5, 6] as const;

/** A submitted tree of a type as stored: empty stays empty (allows), else normalised. */
export function normaliseTypedTree(input: unknown, type: number): AccessNode[] {
  return Array.isArray(input) && input.length === 0 ? [] : normaliseTree(input, TREE_OF_TYPE[type]);
}
