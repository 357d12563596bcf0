import { describe, expect, it } from 'vitest';
import { ANCHOR_TTL_MS, PageAnchors } from '../../../server/engine/page-anchors';

// Where a custom entity's deep pages start (server/engine/page-anchors.ts): an anchor is used only
// while no write of its table began or ended since it was found, and for ANCHOR_TTL_MS at most.

const TABLE = 'core.cx_1';

describe('page anchors', () => {
  it('answers the nearest anchor before a position, for the same query only', () => {
    const anchors = new PageAnchors(() => 0);
    const moment = anchors.moment(TABLE)!;
    anchors.remember(moment, 'q', [
      { position: 1_000, key: 7 },
      { position: 2_000, key: 9 },
    ]);
    expect(anchors.nearest(moment, 'q', 1_999)).toEqual({ position: 1_000, key: 7 });
    expect(anchors.nearest(moment, 'q', 2_000)).toEqual({ position: 2_000, key: 9 });
    expect(anchors.nearest(moment, 'q', 999)).toBeNull();
    expect(anchors.nearest(moment, 'other', 5_000)).toBeNull();
  });

  it('uses and keeps nothing while a write is in flight, and forgets all once it ends', () => {
    const anchors = new PageAnchors(() => 0);
    const before = anchors.moment(TABLE)!;
    anchors.remember(before, 'q', [{ position: 1_000, key: 7 }]);
    anchors.writeStarted(TABLE);
    expect(anchors.moment(TABLE)).toBeNull();
    expect(anchors.unchanged(before)).toBe(false);
    // A read that began before the write cannot keep what it found.
    anchors.remember(before, 'r', [{ position: 1_000, key: 8 }]);
    anchors.writeEnded(TABLE, null);
    const after = anchors.moment(TABLE)!;
    expect(anchors.nearest(after, 'q', 1_500)).toBeNull();
    expect(anchors.nearest(after, 'r', 1_500)).toBeNull();
    anchors.remember(after, 'q', [{ position: 1_000, key: 11 }]);
    expect(anchors.nearest(after, 'q', 1_500)).toEqual({ position: 1_000, key: 11 });
  });

  it("forgets a table's anchors when another node wrote it, and after their time", () => {
    let now = 0;
    const anchors = new PageAnchors(() => now);
    let moment = anchors.moment(TABLE)!;
    anchors.remember(moment, 'q', [{ position: 1_000, key: 7 }]);
    anchors.changed(TABLE);
    expect(anchors.unchanged(moment)).toBe(false);
    moment = anchors.moment(TABLE)!;
    expect(anchors.nearest(moment, 'q', 1_500)).toBeNull();
    anchors.remember(moment, 'q', [{ position: 1_000, key: 7 }]);
    now = ANCHOR_TTL_MS - 1;
    expect(anchors.nearest(moment, 'q', 1_500)).not.toBeNull();
    now = ANCHOR_TTL_MS;
    expect(anchors.nearest(moment, 'q', 1_500)).toBeNull();
  });
});
