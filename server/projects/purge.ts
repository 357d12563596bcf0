import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { PURGE_AFTER_DAYS } from '../../protocol/licences';
import { logAction } from '../actions-log';
import { purgeRevisions } from '../engine/revisions';
import { customEntityCutoff } from '../engine/custom/entities';
import { purgeCustomEntities } from '../engine/custom/storage';
import type { Db } from '../db/database';
import type { SqlSandbox } from '../db/sandbox';
import { writeServerLog } from '../logs/server-log';
import { isSystemSource, TABLE_SOURCES } from '../../protocol/tables';
import { sourceSchemaName } from '../tables/sources';

const DAY_MS = 24 * 3600 * 1000;

/** The moment before which a project marked deleted is purged (PURGE_AFTER_DAYS before now). */
export function purgeCutoff(now: Date): Date {
  return new Date(now.getTime() - PURGE_AFTER_DAYS * DAY_MS);
}

/**
 * Removes the projects marked deleted before the cutoff (000 §4, §9): each in its own
 * transaction, its schema dropped, then its row (devices directory, enrolment tokens, shares,
 * recents and publications cascade), with an actions-log entry, then its SQL role. The row is taken with
 * FOR UPDATE SKIP LOCKED, so nodes purging at once each take other projects and none purges one
 * twice; a project restored meanwhile no longer matches. Answers the numbers purged here.
 * `companyId` limits the run to one company's projects (the administrator's tool, /app/tools).
 */
export async function purgeDeletedProjects(
  db: Db,
  now: Date,
  log?: FastifyBaseLogger,
  sandbox?: SqlSandbox,
  companyId?: number,
): Promise<number[]> {
  const cutoff = purgeCutoff(now);
  const purged: number[] = [];
  // A project whose purge failed is not tried again in this run (the next run retries it).
  const tried: number[] = [];
  for (;;) {
    const before = tried.length;
    const outcome = await db
      .transaction()
      .execute(async (trx) => {
        let query = trx
          .selectFrom('core.projects')
          .select(['numero', 'company_id', 'name', 'dbname', 'schema_name', 'datedeleted'])
          .where('deleted', '=', true)
          .where('datedeleted', '<', cutoff);
        if (tried.length > 0) query = query.where('numero', 'not in', tried);
        if (companyId !== undefined) query = query.where('company_id', '=', companyId);
        const project = await query
          .orderBy('numero')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!project) return null;
        tried.push(project.numero);
        // A device or a console still working in the schema must not hold the purge for long.
        await sql`SET LOCAL lock_timeout = '10s'`.execute(trx);
        if (/^prj_\d+$/.test(project.schema_name)) {
          await sql`DROP SCHEMA IF EXISTS ${sql.id(project.schema_name)} CASCADE`.execute(trx);
          // Its system sources' views (server/tables/sources.ts).
          for (const source of TABLE_SOURCES.filter(isSystemSource)) {
            const schema = sourceSchemaName(
              { numero: project.numero, schema: project.schema_name },
              source,
            );
            await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(trx);
          }
        }
        await trx.deleteFrom('core.projects').where('numero', '=', project.numero).execute();
        await logAction(trx, {
          companyId: project.company_id,
          userId: null,
          login: null,
          action: 'project_purged',
          detail: {
            project: project.numero,
            name: project.name,
            dbname: project.dbname,
            datedeleted: project.datedeleted,
          },
        });
        await writeServerLog(trx, {
          companyId: project.company_id,
          numero: project.numero,
          level: 'info',
          event: 'project_purged',
          detail: { project: project.name },
        });
        return project.numero;
      })
      .catch((error: unknown) => {
        log?.error({ err: error }, 'a project marked deleted could not be purged');
        // Failing before a project was taken (the database is away): stop until the next run.
        return tried.length === before ? null : undefined;
      });
    if (outcome === null) break;
    if (outcome === undefined) continue;
    purged.push(outcome);
    await sandbox?.dropRole(outcome).catch((error: unknown) => {
      log?.warn({ err: error, project: outcome }, 'the SQL role of a purged project remains');
    });
  }
  if (purged.length > 0) log?.info({ purged }, `purged ${purged.length} deleted projects`);
  return purged;
}

export interface PurgeSchedule {
  /** Stops the schedule and waits for a run under way. */
  stop(): Promise<void>;
}

/**
 * Runs purgeDeletedProjects now and then every `intervalMs` until stopped. `now` is the clock
 * (tests pass their own).
 */
export function schedulePurge(options: {
  db: Db;
  sandbox?: SqlSandbox;
  log: FastifyBaseLogger;
  intervalMs: number;
  now?: () => Date;
  /** Revisions older than this many days are deleted on each run too (server/engine/). */
  revisionDays?: number;
}): PurgeSchedule {
  const { db, sandbox, log, intervalMs, now = () => new Date(), revisionDays } = options;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const run = () => {
    if (stopped) return;
    running = running.then(() =>
      stopped
        ? undefined
        : purgeDeletedProjects(db, now(), log, sandbox)
            .then(() => revisionDays && purgeRevisions(db, now(), revisionDays))
            .then(() => purgeCustomEntities(db, customEntityCutoff(now())))
            .catch(() => undefined),
    );
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
