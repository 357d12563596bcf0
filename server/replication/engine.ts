import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { SandboxProject, SqlSandbox } from '../db/sandbox';
import { applyBatch } from './apply';

export interface EngineOptions {
  /** Operations applied per transaction. */
  batch: number;
  /** Seconds between sweeps for operations no call woke an applier for (another node's, a crash's). */
  sweepSeconds: number;
  /** Seconds before trying again a project whose applier lock another node holds. */
  busyRetrySeconds: number;
}

const DEFAULTS: EngineOptions = { batch: 5000, sweepSeconds: 30, busyRetrySeconds: 1 };

/**
 * Applies each project's QUEUE (docs/replication.md, "The applier"). A sync that queued
 * operations wakes its project's applier; it applies batch after batch until the queue is empty,
 * one loop per project on this node, and a wake-up during a loop makes it look again at the end.
 * Every node sweeps now and then for queues nobody woke.
 */
export class ReplicationEngine {
  private readonly loops = new Map<number, Promise<void>>();
  private readonly again = new Set<number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly options: EngineOptions;
  private closed = false;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly sandbox: SqlSandbox,
    private readonly log: FastifyBaseLogger,
    options: Partial<EngineOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  start(): void {
    this.sweeper = setInterval(() => void this.sweep(), this.options.sweepSeconds * 1000);
    this.sweeper.unref();
  }

  /** Wakes a project's applier. */
  wake(project: SandboxProject): void {
    if (this.closed) return;
    if (this.loops.has(project.numero)) {
      this.again.add(project.numero);
      return;
    }
    const loop = this.loop(project).finally(() => this.loops.delete(project.numero));
    this.loops.set(project.numero, loop);
  }

  /** Applies what a project's QUEUE holds now, and waits for it (tests, benchmarks). */
  async drain(project: SandboxProject): Promise<void> {
    for (;;) {
      await this.loops.get(project.numero);
      const outcome = await this.sandbox.run(project, (s) =>
        applyBatch(s, project, this.options.batch),
      );
      if (!outcome.busy && !outcome.more && outcome.applied + outcome.refused === 0) return;
      if (outcome.busy) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async loop(project: SandboxProject): Promise<void> {
    do {
      this.again.delete(project.numero);
      try {
        for (;;) {
          const outcome = await this.sandbox.run(project, (s) =>
            applyBatch(s, project, this.options.batch),
          );
          if (outcome.busy) {
            this.retryLater(project);
            return;
          }
          if (!outcome.more || this.closed) break;
        }
      } catch (error) {
        this.log.error({ err: error, project: project.numero }, 'replication: applying failed');
        this.retryLater(project);
        return;
      }
    } while (this.again.has(project.numero) && !this.closed);
  }

  private retryLater(project: SandboxProject): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.wake(project);
    }, this.options.busyRetrySeconds * 1000);
    timer.unref();
    this.timers.add(timer);
  }

  /** Wakes the projects whose QUEUE has operations (500 projects per query). */
  async sweep(): Promise<void> {
    try {
      const projects = await this.db
        .selectFrom('core.projects')
        .select(['numero', 'schema_name'])
        .where('deleted', '=', false)
        .where('schema_name', '~', '^prj_[0-9]+$')
        .execute();
      for (let start = 0; start < projects.length; start += 500) {
        // Every project schema has its queue: they are all migrated at start.
        const checks = projects.slice(start, start + 500).map(
          (p) =>
            sql`SELECT ${p.numero}::int AS numero, ${p.schema_name}::text AS schema
                WHERE EXISTS (SELECT 1 FROM ${sql.id(p.schema_name, 'queue')})`,
        );
        const waiting = await sql<SandboxProject>`${sql.join(checks, sql` UNION ALL `)}`.execute(
          this.db,
        );
        for (const project of waiting.rows) this.wake(project);
      }
    } catch (error) {
      this.log.warn({ err: error }, 'replication: sweep failed');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.sweeper) clearInterval(this.sweeper);
    for (const timer of this.timers) clearTimeout(timer);
    await Promise.allSettled([...this.loops.values()]);
  }
}
