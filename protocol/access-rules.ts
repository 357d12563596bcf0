import {
  markShow,
  type AccessNode,
  type AccessNodeDefinition,
  type MarkIndices,
  type TreeDefinition,
} from './access-tree';

function findDefinition(
  definitions: TreeDefinition,
  id: string,
): AccessNodeDefinition<string> | undefined {
  for (const definition of definitions) {
    if (definition.id === id) return definition;
    const found = definition.children && findDefinition(definition.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The ids of the node's siblings (itself included, in order) and of its children. */
function family(
  tree: readonly AccessNode[],
  id: string,
): { siblings: string[]; children: string[] } | null {
  const own = tree.find((node) => node.id === id);
  if (own)
    return { siblings: tree.map((node) => node.id), children: (own.nodes ?? []).map((n) => n.id) };
  for (const node of tree) {
    const found = node.nodes && family(node.nodes, id);
    if (found) return found;
  }
  return null;
}

const pick = (ids: string[], indices: MarkIndices | undefined, self: string) =>
  indices === 'all'
    ? ids.filter((id) => id !== self)
    : (indices ?? []).map((i) => ids[i]).filter((id): id is string => id !== undefined);

/**
 * Ticking or unticking 'show' by the 002 §4 rules and the node's own (002 §3 onmark, onunmark,
 * recursivemark): ancestors and descendants as markShow does, then the siblings and children its
 * rule names, each ticked or cleared with its own descendants. The 002 §4 example: Block ticks
 * items 0 and 5 and clears 2, 3, 4, 6, 7 of its siblings; Translate clears all the others.
 */
export function markShowByRules(
  tree: AccessNode[],
  definitions: TreeDefinition,
  id: string,
  checked: boolean,
): AccessNode[] {
  const definition = findDefinition(definitions, id);
  let next = markShow(tree, id, checked, { recursive: definition?.recursiveMark !== false });
  const rule = checked ? definition?.onMark : definition?.onUnmark;
  const around = rule && family(next, id);
  if (!rule || !around) return next;
  const changes: [string[], boolean][] = [
    [pick(around.siblings, rule.markSiblings, id), true],
    [pick(around.siblings, rule.unmarkSiblings, id), false],
    [pick(around.children, rule.markChildren, id), true],
    [pick(around.children, rule.unmarkChildren, id), false],
  ];
  for (const [ids, on] of changes) for (const target of ids) next = markShow(next, target, on);
  return next;
}
