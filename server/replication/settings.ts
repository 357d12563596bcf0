import { sql } from 'kysely';
import { REPLICATOR_SETTINGS, settingSpec, valueProblem } from '../../protocol/replicator';
import type { Db } from '../db/database';

/**
 * What the engine reads of a project's replicator settings (docs/replication.md, "Replicator
 * settings"): the project's `config` rows that the catalogue (protocol/replicator.ts) knows, each
 * value checked by its type; a missing or wrong value is the catalogue's default.
 */
export interface ReplicatorSettings {
  /** Operations applied per transaction (APPLY_BATCH). */
  applyBatch: number;
  /** A device whose operation was refused receives the row as the server has it (CORRECTIONS). */
  corrections: boolean;
  /** Newest error-log rows kept per device (ERRORS_KEPT). */
  errorsKept: number;
  /** Syslog severity 0–7 of the engine's lines: 4 a line per batch with refusals, 7 per batch. */
  logLevel: number;
  /** Most operations handed to a device per call (FETCH_MAX), whatever limit it asks. */
  fetchMax: number;
  /** Days an applied operation no device still waits for is kept; 0 keeps them (IQUEUE_RETENTION_DAYS). */
  retentionDays: number;
  /** For the device app: the order of day, month and year (DATE_ORDER). */
  dateOrder: string;
  /** For the device app: the engine of its local database (DB_ENGINE). */
  dbEngine: string;
}

const FIELDS: Record<string, keyof ReplicatorSettings> = {
  APPLY_BATCH: 'applyBatch',
  CORRECTIONS: 'corrections',
  ERRORS_KEPT: 'errorsKept',
  LOG_LEVEL: 'logLevel',
  FETCH_MAX: 'fetchMax',
  IQUEUE_RETENTION_DAYS: 'retentionDays',
  DATE_ORDER: 'dateOrder',
  DB_ENGINE: 'dbEngine',
};

function typed(key: string, text: string): number | boolean | string {
  const type = settingSpec(key)!.type;
  if (type === 4) return text === 'true';
  if (type === 5 || type === 6) return Number(text);
  return text;
}

/** The settings from a project's config rows; any value its type refuses is the default. */
export function settingsFrom(
  rows: { KEYNAME: string; KEYVALUE: string | null }[],
): ReplicatorSettings {
  const values = new Map(rows.map((row) => [row.KEYNAME, row.KEYVALUE]));
  const settings: Record<string, unknown> = {};
  for (const spec of REPLICATOR_SETTINGS) {
    const stored = values.get(spec.key)?.trim();
    const good = stored !== undefined && valueProblem(spec.type, stored, spec.min ?? 0) === null;
    settings[FIELDS[spec.key]] = typed(spec.key, good ? stored : spec.default);
  }
  return settings as unknown as ReplicatorSettings;
}

export const DEFAULT_SETTINGS = settingsFrom([]);

/** The caches of this process, so that a change made here is read at once by its engines. */
const caches = new Set<WeakRef<ReplicatorSettingsCache>>();

/** Forgets a project's settings in this process's caches (setDBconfig, after its commit). */
export function forgetReplicatorSettings(schema: string): void {
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.forget(schema);
    else caches.delete(ref);
  }
}

/**
 * Each project's settings, read at most once per `ttlMs` per node: a change made with
 * setDBconfig is read at once on the node that made it, and by the others within that time.
 */
export class ReplicatorSettingsCache {
  private readonly cached = new Map<
    string,
    { at: number; settings: Promise<ReplicatorSettings> }
  >();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 5000,
  ) {
    caches.add(new WeakRef(this));
  }

  forget(schema: string): void {
    this.cached.delete(schema);
  }

  get(schema: string): Promise<ReplicatorSettings> {
    const hit = this.cached.get(schema);
    if (hit && Date.now() - hit.at < this.ttlMs) return hit.settings;
    const settings = sql<{ KEYNAME: string; KEYVALUE: string | null }>`
      SELECT "KEYNAME", "KEYVALUE" FROM ${sql.id(schema, 'config')}
      WHERE "KEYNAME" = ANY(${Object.keys(FIELDS)}::text[])
    `
      .execute(this.db)
      .then((result) => settingsFrom(result.rows))
      .catch(() => DEFAULT_SETTINGS);
    this.cached.set(schema, { at: Date.now(), settings });
    return settings;
  }
}

/** Rows removed per statement by the retention trim, so that it never holds a long lock. */
const TRIM_ROWS = 10_000;

/**
 * Removes the applied operations older than the retention that no device's SQUEUE still points
 * to, oldest first, at most TRIM_ROWS. Answers how many went.
 */
export async function trimAppliedOperations(db: Db, schema: string, days: number): Promise<number> {
  if (days <= 0) return 0;
  const iqueue = sql.id(schema, 'iqueue');
  const result = await sql`
    DELETE FROM ${iqueue} WHERE "ID" IN (
      SELECT i."ID" FROM ${iqueue} i
      WHERE i."APPLIED" < now() - make_interval(days => ${days}::int)
        AND NOT EXISTS (SELECT 1 FROM ${sql.id(schema, 'squeue')} s WHERE s."IQID" = i."ID")
      ORDER BY i."APPLIED" LIMIT ${TRIM_ROWS})
  `.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
