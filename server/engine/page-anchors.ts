import { BusChannel, type Bus, type Unsubscribe } from '../bus/bus';
import { busOf } from '../bus/node-bus';

/**
 * Where a deep page of a custom entity's list starts (docs/resources.md, "Speed"): the key of
 * the row at a position of one list query (its SQL and parameters: the sort, the filters, the
 * scope), remembered from the pages already walked. Page 5,000 starts at the nearest anchor
 * before it, by the sort key, instead of walking the 499,900 rows before it again.
 *
 * A position is only true while the table is unchanged. Every engine write of the table on this
 * node counts as in flight from before its transaction to after its commit (`writing`): while one
 * is, nothing is used or kept, and its end makes every anchor of the table stale (`generation`);
 * a page whose walk overlapped a write is walked again without its anchor. Another node's writes
 * come by the bus (`engine.rows`); what the bus loses is forgotten within `ANCHOR_TTL_MS`.
 * Custom entities only: their tables are written by the engine alone.
 */
export const ANCHOR_TTL_MS = 10_000;
const KEPT_QUERIES = 500;
const KEPT_PER_QUERY = 32;
/** At most one bus message per table in this time; the last write of a burst is announced. */
const ANNOUNCE_MS = 50;

export interface Anchor {
  /** The row's position in the list (0: the first row). */
  position: number;
  key: number;
}

/** The table's state when a read began; null while a write of it is in flight here. */
export interface Moment {
  table: string;
  generation: number;
}

export type TableChangedEvent = { table: string };

export class PageAnchors {
  private readonly tables = new Map<string, { generation: number; writing: number }>();
  private readonly kept = new Map<
    string,
    { table: string; generation: number; until: number; anchors: Anchor[] }
  >();
  private readonly announced = new Map<string, { at: number; pending: boolean }>();
  private unsubscribe: Unsubscribe | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  private state(table: string) {
    let state = this.tables.get(table);
    if (!state) {
      state = { generation: 0, writing: 0 };
      this.tables.set(table, state);
    }
    return state;
  }

  moment(table: string): Moment | null {
    const state = this.state(table);
    return state.writing > 0 ? null : { table, generation: state.generation };
  }

  /** Whether no write of the table began or ended here since `moment`. */
  unchanged(moment: Moment): boolean {
    const state = this.state(moment.table);
    return state.writing === 0 && state.generation === moment.generation;
  }

  writeStarted(table: string): void {
    const state = this.state(table);
    state.writing++;
    state.generation++;
  }

  writeEnded(table: string, bus: Bus | null): void {
    const state = this.state(table);
    state.generation++;
    state.writing--;
    if (bus) this.announce(table, bus);
  }

  /** Another node wrote the table. */
  changed(table: string): void {
    this.state(table).generation++;
  }

  /** The anchor nearest before `position` of the query `id`, kept since `moment`. */
  nearest(moment: Moment, id: string, position: number): Anchor | null {
    const kept = this.kept.get(id);
    if (!kept) return null;
    if (kept.generation !== moment.generation || kept.until <= this.now()) {
      this.kept.delete(id);
      return null;
    }
    let best: Anchor | null = null;
    for (const anchor of kept.anchors) {
      if (anchor.position <= position && (!best || anchor.position > best.position)) best = anchor;
    }
    return best;
  }

  /** Keeps anchors of the query `id` found by a read that began at `moment`, if still true. */
  remember(moment: Moment, id: string, found: Anchor[]): void {
    if (!this.unchanged(moment) || found.length === 0) return;
    const kept = this.kept.get(id);
    const same = kept && kept.generation === moment.generation && kept.until > this.now();
    const anchors = new Map((same ? kept.anchors : []).map((a) => [a.position, a]));
    for (const anchor of found) anchors.set(anchor.position, anchor);
    this.kept.delete(id);
    this.kept.set(id, {
      table: moment.table,
      generation: moment.generation,
      until: same ? kept.until : this.now() + ANCHOR_TTL_MS,
      anchors: [...anchors.values()].slice(-KEPT_PER_QUERY),
    });
    if (this.kept.size > KEPT_QUERIES) this.kept.delete(this.kept.keys().next().value as string);
  }

  /** How many list queries have anchors kept (for the tests). */
  keptQueries(): number {
    return this.kept.size;
  }

  private announce(table: string, bus: Bus): void {
    const last = this.announced.get(table);
    const send = () => {
      this.announced.set(table, { at: this.now(), pending: false });
      void bus.publish<TableChangedEvent>(BusChannel.engineRows, { table }).catch(() => {});
    };
    if (!last || this.now() - last.at >= ANNOUNCE_MS) return send();
    if (last.pending) return;
    last.pending = true;
    setTimeout(send, ANNOUNCE_MS).unref();
  }

  async listen(bus: Bus): Promise<void> {
    this.unsubscribe = await bus.subscribe<TableChangedEvent>(BusChannel.engineRows, (event) =>
      this.changed(event.table),
    );
  }

  async close(): Promise<void> {
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }
}

const nodes = new WeakMap<object, PageAnchors>();

/** The anchors of a database handle's node (the app listens on its bus; see app.ts). */
export function pageAnchors(db: object): PageAnchors {
  let anchors = nodes.get(db);
  if (!anchors) {
    anchors = new PageAnchors();
    nodes.set(db, anchors);
  }
  return anchors;
}

/** Runs an engine write of `table`, counted as in flight until it has committed or failed. */
export async function writingTable<T>(db: object, table: string, work: () => Promise<T>) {
  const anchors = pageAnchors(db);
  anchors.writeStarted(table);
  try {
    return await work();
  } finally {
    anchors.writeEnded(table, busOf(db));
  }
}
