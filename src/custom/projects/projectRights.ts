import type { AccessNode } from '../../../protocol/access-tree';
import type { ProjectEntry } from '../../../protocol/projects';

/** Who may share a project: its owner, a company administrator, or a share with `share`. */
export function mayShare(project: ProjectEntry, admin: boolean): boolean {
  return project.owner || admin || project.permissions.share;
}

/** Who may publish a project: its owner, a company administrator, or a share with `publish`. */
export function mayPublish(project: ProjectEntry, admin: boolean): boolean {
  return project.owner || admin || project.permissions.publish;
}

export type AccessLevel = 'full' | 'read' | 'partial' | 'none';

function flatten(tree: readonly AccessNode[]): AccessNode[] {
  return tree.flatMap((node) => [node, ...flatten(node.nodes ?? [])]);
}

/** An access tree in one word: every node writable, every node read-only, none shown, or mixed. */
export function accessLevel(tree: readonly AccessNode[]): AccessLevel {
  const nodes = flatten(tree);
  if (nodes.length === 0 || nodes.every((node) => node.write)) return 'full';
  if (nodes.every((node) => !node.show)) return 'none';
  if (nodes.every((node) => node.show && !node.write)) return 'read';
  return 'partial';
}
