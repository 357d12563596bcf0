import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import type { SandboxProject, SqlSandbox } from '../db/sandbox';
import { applyBatch, type BatchOutcome } from './apply';
import { ReplicatorSettingsCache, trimAppliedOperations } from './settings';
import { COMPACT_ABOVE, compactReplicaCounts } from './counts';

export interface EngineOptions {
  /** Operations applied per transaction; unset, the project's APPLY_BATCH setting. */
  batch?: number;
  /** Seconds between sweeps for operations no call woke an applier for (another node's, a crash's). */
  sweepSeconds: number;
  /** Seconds before trying again a project whose applier lock another node holds. */
  busyRetrySeconds: number;
}

const DEFAULTS: EngineOptions = { sweepSeconds: 30, busyRetrySeconds: 1 };

/** Minutes between two retention trims of one project's IQUEUE by one node. */
const TRIM_EVERY_MINUTES = 10;

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
  private readonly trimmed = new Map<number, number>();
  /** The projects' replicator settings (docs/replication.md, "Replicator settings"). */
  readonly settings: ReplicatorSettingsCache;

  constructor(
    private readonly db: Db,
    private readonly sandbox: SqlSandbox,
    private readonly log: FastifyBaseLogger,
    options: Partial<EngineOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
    this.settings = new ReplicatorSettingsCache(db);
  }

  /** One batch of a project's QUEUE, as its replicator settings say, logged at their level. */
  private async applyOnce(project: SandboxProject): Promise<BatchOutcome> {
    const settings = await this.settings.get(project.schema);
    const outcome = await this.sandbox.run(project, (s) =>
      applyBatch(s, project, this.options.batch ?? settings.applyBatch, settings),
    );
    const worth = outcome.applied + outcome.refused > 0;
    if (worth && (settings.logLevel >= 7 || (settings.logLevel >= 4 && outcome.refused > 0))) {
      const { applied, refused, queuedOut, more } = outcome;
      const line = { project: project.numero, applied, refused, queuedOut, more };
      if (outcome.refused > 0) this.log.warn(line, 'replication: batch with refused operations');
      else this.log.info(line, 'replication: batch applied');
    }
    return outcome;
  }

  /**
   * Removes a project's applied operations past its retention (IQUEUE_RETENTION_DAYS), every
   * ten minutes at most unless `now`. Answers how many went.
   */
  async trim(project: SandboxProject, now = false): Promise<number> {
    const last = this.trimmed.get(project.numero) ?? 0;
    if (!now && Date.now() - last < TRIM_EVERY_MINUTES * 60_000) return 0;
    this.trimmed.set(project.numero, Date.now());
    const { retentionDays } = await this.settings.get(project.schema);
    const removed = await trimAppliedOperations(this.db, project.schema, retentionDays);
    if (removed > 0)
      this.log.info({ project: project.numero, removed }, 'replication: IQUEUE trimmed');
    return removed;
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
      const outcome = await this.applyOnce(project);
      if (!outcome.busy && !outcome.more && outcome.applied + outcome.refused === 0) return;
      if (outcome.busy) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async loop(project: SandboxProject): Promise<void> {
    do {
      this.again.delete(project.numero);
      try {
        for (;;) {
          const outcome = await this.applyOnce(project);
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
    await this.compact(project);
  }

  /** Folds the project's counter deltas once its queue is drained (docs/replication.md, "Counters"). */
  private async compact(project: SandboxProject): Promise<void> {
    try {
      await compactReplicaCounts(this.db, project.schema);
    } catch (error) {
      this.log.warn(
        { err: error, project: project.numero },
        'replication: folding counters failed',
      );
    }
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
        // Acknowledgements write counter deltas without waking an applier: fold them here.
        const counted = projects.slice(start, start + 500).map(
          (p) =>
            sql`SELECT ${p.numero}::int AS numero, ${p.schema_name}::text AS schema
                WHERE (SELECT count(*) FROM (SELECT FROM ${sql.id(p.schema_name, 'replica_counts')}
                       LIMIT ${COMPACT_ABOVE + 1}) d) > ${COMPACT_ABOVE}`,
        );
        const grown = await sql<SandboxProject>`${sql.join(counted, sql` UNION ALL `)}`.execute(
          this.db,
        );
        for (const project of grown.rows) await this.compact(project);
      }
      for (const p of projects) {
        if (this.closed) break;
        await this.trim({ numero: p.numero, schema: p.schema_name }).catch((error: unknown) =>
          this.log.warn({ err: error, project: p.numero }, 'replication: IQUEUE trim failed'),
        );
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
