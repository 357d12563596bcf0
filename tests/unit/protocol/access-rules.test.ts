import { describe, expect, it } from 'vitest';
import { markShowByRules } from '../../../protocol/access-rules';
import { uniformTree, type AccessNode, type TreeDefinition } from '../../../protocol/access-tree';

// 002 §4's example of a node's own rules: the cloud portal's Studio project tree. Flota draws no
// such tree (docs/decisions.md, "Access trees per user"); the rules are the machinery.
const items = ['download', 'modify', 'publish', 'debug', 'backup', 'git', 'branches', 'master'];
const REPLAY = [0, 2, 3, 5, 6, 7];
const STUDIO: TreeDefinition = [
  {
    id: 'studio',
    onMark: { markChildren: [0, 1, 2, 3, 4, 5, 6, 7], unmarkChildren: [8, 9] },
    children: [
      ...items.map((id) => ({ id })),
      {
        id: 'block',
        onMark: { markSiblings: [0, 5], unmarkSiblings: [2, 3, 4, 6, 7] },
        onUnmark: { markSiblings: REPLAY },
      },
      { id: 'translate', onMark: { unmarkSiblings: 'all' }, onUnmark: { markSiblings: REPLAY } },
    ],
  },
  { id: 'plain', recursiveMark: false, children: [{ id: 'plain.child' }] },
];

const shown = (tree: AccessNode[]) =>
  tree
    .flatMap(function all(node): AccessNode[] {
      return [node, ...(node.nodes ?? []).flatMap(all)];
    })
    .filter((node) => node.show)
    .map((node) => node.id);

const none = () => uniformTree(false, false, STUDIO);

describe('marking rules of a node (002 §4)', () => {
  it('Studio settings ticks its eight items and clears Block and Translate', () => {
    expect(shown(markShowByRules(none(), STUDIO, 'studio', true))).toEqual(['studio', ...items]);
  });

  it('Block ticks items 0 and 5 and clears 2, 3, 4, 6, 7; unticked, re-ticks 0, 2, 3, 5, 6, 7', () => {
    const all = markShowByRules(none(), STUDIO, 'studio', true);
    const blocked = markShowByRules(all, STUDIO, 'block', true);
    expect(shown(blocked)).toEqual(['studio', 'download', 'modify', 'git', 'block']);
    const unblocked = markShowByRules(blocked, STUDIO, 'block', false);
    // Item 4 is not among those re-ticked; item 1 was never cleared.
    expect(shown(unblocked)).toEqual(['studio', ...items.filter((item) => item !== 'backup')]);
  });

  it('Translate clears every other sibling; unticked, re-ticks 0, 2, 3, 5, 6, 7', () => {
    const all = markShowByRules(none(), STUDIO, 'studio', true);
    const translating = markShowByRules(all, STUDIO, 'translate', true);
    expect(shown(translating)).toEqual(['studio', 'translate']);
    const back = markShowByRules(translating, STUDIO, 'translate', false);
    expect(shown(back)).toEqual([
      'studio',
      'download',
      'publish',
      'debug',
      'git',
      'branches',
      'master',
    ]);
  });

  it('a node without recursive marking ticks only itself and its ancestors', () => {
    expect(shown(markShowByRules(none(), STUDIO, 'plain', true))).toEqual(['plain']);
  });
});
