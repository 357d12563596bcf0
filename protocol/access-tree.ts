/**
 * The per-database access tree (jsonAccess, 000 §6 and 002 §6): which parts of a project a user
 * it is shared with may see (show) and change (write). The owner has full access; a user the
 * project is shared with gets the tree stored with the share. Written once: the server checks it
 * (server/services/projects/access.ts), the console's share dialog edits it with the marking
 * rules of 002 §4.
 */

export interface AccessNodeDefinition<Id extends string = AccessNodeId> {
  id: Id;
  children?: AccessNodeDefinition<Id>[];
  /** What ticking 'show' on it does to its siblings and children (002 §3 onmark). */
  onMark?: MarkRule;
  /** What unticking 'show' on it does (002 §3 onunmark). */
  onUnmark?: MarkRule;
  /** false: ticking it does not tick its descendants (002 §3 recursivemark). */
  recursiveMark?: false;
}

/** Positions among a node's siblings (itself counted) or children; 'all': every other one. */
export type MarkIndices = readonly number[] | 'all';

/** A node's own marking rule (002 §3, §4): siblings and children it ticks or clears. */
export interface MarkRule {
  markSiblings?: MarkIndices;
  unmarkSiblings?: MarkIndices;
  markChildren?: MarkIndices;
  unmarkChildren?: MarkIndices;
}

/** Any tree's definition: the per-database tree or a menu tree (protocol/menu-tree.ts). */
export type TreeDefinition = readonly AccessNodeDefinition<string>[];

/** A stored node: only id, show, write and children are kept (002 §6). */
export interface AccessNode {
  id: string;
  show: boolean;
  write: boolean;
  nodes?: AccessNode[];
}

export type AccessMode = 'show' | 'write';

export const ACCESS_NODE_IDS = [
  'settings',
  'settings.platforms',
  'settings.groups',
  'settings.filebrowser',
  'settings.replicator',
  'statistics',
  'queries',
  'updates',
  'devices',
  'devices.add',
  'devices.delete',
  'devices.modify',
  'devices.update',
  'devices.provisioning',
  'devices.provisioning.install',
  'devices.provisioning.config',
  'devices.provisioning.database',
  'devices.sendemail',
  'devices.status',
  'reports',
  'publish',
] as const;

export type AccessNodeId = (typeof ACCESS_NODE_IDS)[number];

const leaf = (id: AccessNodeId): AccessNodeDefinition => ({ id });

/**
 * The per-database tree of 002 §6: Configuration (platforms, groups, file browser, replicator),
 * Statistics, SQL queries, Updates, Devices (add, delete, modify, create update, provisioning
 * with install, configuration and database, send e-mail, activate/deactivate), Reports, Publish
 * general. Labels are the console's i18n keys `access.nodes.<id>`.
 */
export const DATABASE_TREE: AccessNodeDefinition[] = [
  {
    id: 'settings',
    children: [
      leaf('settings.platforms'),
      leaf('settings.groups'),
      leaf('settings.filebrowser'),
      leaf('settings.replicator'),
    ],
  },
  leaf('statistics'),
  leaf('queries'),
  leaf('updates'),
  {
    id: 'devices',
    children: [
      leaf('devices.add'),
      leaf('devices.delete'),
      leaf('devices.modify'),
      leaf('devices.update'),
      {
        id: 'devices.provisioning',
        children: [
          leaf('devices.provisioning.install'),
          leaf('devices.provisioning.config'),
          leaf('devices.provisioning.database'),
        ],
      },
      leaf('devices.sendemail'),
      leaf('devices.status'),
    ],
  },
  leaf('reports'),
  leaf('publish'),
];

function build<Id extends string>(
  definitions: readonly AccessNodeDefinition<Id>[],
  flags: (id: Id) => { show: boolean; write: boolean },
): AccessNode[] {
  return definitions.map((definition) => {
    const node: AccessNode = { id: definition.id, ...flags(definition.id) };
    if (definition.children) node.nodes = build(definition.children, flags);
    return node;
  });
}

/** Every node with the same flags: full access, read-only, or nothing (of a project unless told). */
export function uniformTree(
  show: boolean,
  write: boolean,
  definitions: TreeDefinition = DATABASE_TREE,
): AccessNode[] {
  return build(definitions, () => ({ show, write: show && write }));
}

function index(
  tree: readonly AccessNode[] | null | undefined,
  into = new Map<string, AccessNode>(),
) {
  for (const node of tree ?? []) {
    into.set(node.id, node);
    index(node.nodes, into);
  }
  return into;
}

/**
 * A tree of exactly the defined nodes from any stored or submitted value: unknown ids dropped,
 * missing nodes denied, write implying show, and a shown node's ancestors shown.
 */
export function normaliseTree(
  input: unknown,
  definitions: TreeDefinition = DATABASE_TREE,
): AccessNode[] {
  const given = index(Array.isArray(input) ? (input as AccessNode[]) : []);
  const flags = (id: string) => {
    const node = given.get(id);
    const write = node?.write === true;
    return { show: write || node?.show === true, write };
  };
  const tree = build(definitions, flags);
  const lift = (nodes: AccessNode[]): boolean => {
    let any = false;
    for (const node of nodes) {
      if (node.nodes && lift(node.nodes)) node.show = true;
      any ||= node.show;
    }
    return any;
  };
  lift(tree);
  return tree;
}

/**
 * Whether a tree allows a node in a mode. No tree loaded, or an empty one, allows everything
 * (002 §5, §6); a node missing from a non-empty tree is denied. The server always stores
 * normalised trees, so a share is never empty.
 */
export function canAccess(
  tree: readonly AccessNode[] | null | undefined,
  id: string,
  mode: AccessMode,
): boolean {
  if (!tree || tree.length === 0) return true;
  const node = index(tree).get(id);
  return node ? node[mode] === true : false;
}

function mapTree(tree: AccessNode[], change: (node: AccessNode) => AccessNode): AccessNode[] {
  return tree.map((node) => {
    const changed = change({ ...node });
    if (changed.nodes) changed.nodes = mapTree(changed.nodes, change);
    return changed;
  });
}

function pathTo(tree: AccessNode[], id: string, above: string[] = []): string[] | null {
  for (const node of tree) {
    if (node.id === id) return above;
    const found = node.nodes && pathTo(node.nodes, id, [...above, node.id]);
    if (found) return found;
  }
  return null;
}

function descendantsOf(tree: AccessNode[], id: string): Set<string> {
  const node = index(tree).get(id);
  return new Set(index(node?.nodes).keys());
}

/**
 * Ticking 'show' ticks the node, its ancestors and (unless recursive marking is off) its
 * descendants; unticking clears it and its descendants, show and write (002 §4).
 */
export function markShow(
  tree: AccessNode[],
  id: string,
  checked: boolean,
  options: { recursive?: boolean } = {},
): AccessNode[] {
  const ancestors = new Set(pathTo(tree, id) ?? []);
  const below = descendantsOf(tree, id);
  return mapTree(tree, (node) => {
    if (node.id === id)
      return checked ? { ...node, show: true } : { ...node, show: false, write: false };
    if (below.has(node.id)) {
      if (!checked) return { ...node, show: false, write: false };
      return options.recursive === false ? node : { ...node, show: true };
    }
    if (checked && ancestors.has(node.id)) return { ...node, show: true };
    return node;
  });
}

/**
 * Ticking 'write' sets it (and show) on the node, its descendants and its ancestors; unticking
 * clears it on the node and its descendants only (002 §4).
 */
export function markWrite(tree: AccessNode[], id: string, checked: boolean): AccessNode[] {
  const ancestors = new Set(pathTo(tree, id) ?? []);
  const below = descendantsOf(tree, id);
  return mapTree(tree, (node) => {
    const hit = node.id === id || below.has(node.id);
    if (hit) return checked ? { ...node, show: true, write: true } : { ...node, write: false };
    if (checked && ancestors.has(node.id)) return { ...node, show: true, write: true };
    return node;
  });
}
