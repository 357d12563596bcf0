import { z } from 'zod';
import {
  canAccess,
  normaliseTree,
  type AccessNode,
  type AccessNodeId,
} from '../../../protocol/access-tree';
import {
  SHARE_ENVIRONMENT,
  type ShareEnvironmentPermissions,
  type ShareGeneralPermissions,
} from '../../../protocol/projects';
import { normaliseGeneral } from './rule';

/** A submitted access-tree node: only id, show, write and nodes are read (002 §6). */
interface SubmittedNode {
  id: string;
  show?: boolean;
  write?: boolean;
  nodes?: SubmittedNode[];
}

export const accessNodeSchema: z.ZodType<SubmittedNode> = z.lazy(() =>
  z.object({
    id: z.string().max(100),
    show: z.boolean().optional(),
    write: z.boolean().optional(),
    nodes: z.array(accessNodeSchema).max(50).optional(),
  }),
);

export const accessTreeSchema = z.array(accessNodeSchema).max(50);
export const generalSchema = z.record(z.string().max(30), z.boolean());
export const environmentPermissionsSchema = z.record(
  z.string().regex(/^\d{1,9}$/),
  z.record(z.string().max(30), z.boolean()),
);

export type EnvironmentPermissions = Record<string, ShareEnvironmentPermissions>;

/** Only the per-environment permissions of the given environments, each true or false. */
export function normaliseEnvironments(
  input: unknown,
  environmentIds: readonly number[],
): EnvironmentPermissions {
  const given = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const result: EnvironmentPermissions = {};
  for (const id of environmentIds) {
    const flags = given[String(id)];
    if (!flags || typeof flags !== 'object') continue;
    const values = flags as Record<string, unknown>;
    result[String(id)] = Object.fromEntries(
      SHARE_ENVIRONMENT.map((name) => [name, values[name] === true]),
    ) as ShareEnvironmentPermissions;
  }
  return result;
}

/** What a sharer holds: a user sharing through the share permission passes on no more. */
export interface SharerLimits {
  tree: readonly AccessNode[];
  permissions: ShareGeneralPermissions;
  environments: EnvironmentPermissions | null;
}

/** The tree granted, within the sharer's own tree. */
export function grantedTree(input: unknown, limits: SharerLimits): AccessNode[] {
  const clamp = (nodes: AccessNode[]): AccessNode[] =>
    nodes.map((node) => ({
      ...node,
      show: node.show && canAccess(limits.tree, node.id as AccessNodeId, 'show'),
      write: node.write && canAccess(limits.tree, node.id as AccessNodeId, 'write'),
      ...(node.nodes && { nodes: clamp(node.nodes) }),
    }));
  return normaliseTree(clamp(normaliseTree(input)));
}

/** The general permissions granted, within the sharer's own. */
export function grantedGeneral(input: unknown, limits: SharerLimits): ShareGeneralPermissions {
  const wanted = normaliseGeneral(input);
  return Object.fromEntries(
    Object.entries(wanted).map(([name, value]) => [
      name,
      value && limits.permissions[name as keyof ShareGeneralPermissions],
    ]),
  ) as ShareGeneralPermissions;
}

/** The per-environment permissions granted, within the sharer's own (null: no limit). */
export function grantedEnvironments(
  input: unknown,
  environmentIds: readonly number[],
  limits: SharerLimits,
): EnvironmentPermissions {
  const wanted = normaliseEnvironments(input, environmentIds);
  if (limits.environments === null) return wanted;
  const own = limits.environments;
  return Object.fromEntries(
    Object.entries(wanted).map(([id, flags]) => [
      id,
      Object.fromEntries(
        SHARE_ENVIRONMENT.map((name) => [name, flags[name] && own[id]?.[name] === true]),
      ) as ShareEnvironmentPermissions,
    ]),
  );
}
