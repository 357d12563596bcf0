import { commandRowId } from '../../protocol/commands';
import type { Handover } from '../device/hub';

/**
 * How long a command written to a socket waits for its device's answer before its SENT is
 * written alone. A device answers within milliseconds, and the statement recording its answer
 * writes SENT too: one row version and one statement where there were two (docs/decisions.md,
 * "SENT written with the answer").
 */
export const HANDOVER_HOLD_MS = 2000;

/** A command written to a device's socket on this node, its answer not heard yet. */
export interface Mark {
  numero: number;
  mid: string;
  id: number;
  at: Date;
}

/**
 * The hand-overs of this node (the commands and pushes its sockets wrote), held until the
 * device answers or HANDOVER_HOLD_MS pass; then those still unanswered go to `write`.
 */
export class Handovers {
  private readonly marks = new Map<number, Mark>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly write: (marks: Mark[]) => void) {}

  add(handovers: Handover[]): void {
    const held: Mark[] = [];
    for (const { numero, mid, messageId, at } of handovers) {
      const id = commandRowId(messageId);
      if (id === null) continue;
      const mark = { numero, mid, id, at };
      this.marks.set(id, mark);
      held.push(mark);
    }
    if (held.length === 0) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.flush(held);
    }, HANDOVER_HOLD_MS);
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * The hand-over date of a command its device answers (an ack or a result), for the statement
   * recording the answer; null when this node did not write it, or its SENT is written already.
   */
  answered(id: number, mid: string): Date | null {
    const mark = this.marks.get(id);
    if (!mark || mark.mid !== mid) return null;
    this.marks.delete(id);
    return mark.at;
  }

  /** Writes every mark held now (shutdown, tests). */
  flushAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.flush([...this.marks.values()]);
  }

  private flush(held: Mark[]): void {
    const left = held.filter((mark) => this.marks.get(mark.id) === mark);
    for (const mark of left) this.marks.delete(mark.id);
    if (left.length > 0) this.write(left);
  }
}
