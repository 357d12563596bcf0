import { sql } from 'kysely';
import type { z } from 'zod';
import type { checkinRequestSchema } from '../../protocol/device-protocol';
import type { DeviceProvision } from '../../protocol/provisioning';
import { poolOf, type Db } from '../db/database';
import type { DeviceHome } from './directory';
import { startOfDay } from '../../protocol/devices';
import { hashSecret } from './secrets';
import { PENDING_FOR_DEVICE } from '../updates/device-pending';

export type CheckinBody = z.infer<typeof checkinRequestSchema>;

export type CheckinOutcome =
  /** `updates`: IDs of the device's pending updates (server/updates/device-pending.ts). */
  | {
      kind: 'ok';
      deviceId: number;
      enabled: boolean;
      updates: number[];
      /** Its open provision tasks (server/provisioning/, docs/device-protocol.md "Provisioning"). */
      provisions: DeviceProvision[];
    }
  /** The credential does not match, or was revoked. */
  | { kind: 'refused' }
  /** The credential is good but the project no longer has the device (an operator deleted it). */
  | { kind: 'gone' };

interface PendingCheckin {
  mid: string;
  credentialHash: string;
  /** What to merge into device_info.INFO, or null. */
  inventory: Record<string, unknown> | null;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  time: string | null;
  /** Replication errors to add to device_errors, or null (most check-ins). */
  errors: CheckinBody['errors'] | null;
  resolve(outcome: CheckinOutcome): void;
  reject(error: unknown): void;
}

/** One row per authenticated MID (device_id null), and one per device row stamped. */
interface CheckinRow {
  mid: string;
  device_id: number | null;
  pendiente: number | null;
  updates: number[] | null;
  provisions: DeviceProvision[] | null;
}

/** One project's check-ins waiting for a statement, and those being written. */
interface ProjectQueue {
  home: Pick<DeviceHome, 'numero' | 'schema'>;
  waiting: PendingCheckin[];
  /** MIDs in a statement now: a second check-in of one waits, so statements never share rows. */
  writing: Set<string>;
  statements: number;
}

/**
 * A check-in that brings nothing new rewrites its rows only when their times are older than
 * this: SINCRONISMO (also when of an earlier day, for the synced-today rule), LASTINFO and
 * LASTGPS, the position's time and the directory's last_seen (docs/decisions.md, "Device list
 * totals and check-ins at 5,000 per second"). What a check-in brings that differs (inventory, place, errors) is always
 * written before it is acknowledged.
 */
export const STAMP_GRAIN_SECONDS = 30;

/** Error logs kept per device (001 §3): the newest; older ones are trimmed as new ones arrive. */
export const MAX_ERRORS_PER_DEVICE = 500;

/** The inventory to merge into device_info.INFO: the information sent, plus the battery. */
function inventoryOf(body: CheckinBody): Record<string, unknown> | null {
  if (!body.info && !body.battery) return null;
  const battery = body.battery
    ? { batteryLevel: body.battery.level, isBatteryCharging: body.battery.charging }
    : {};
  return { ...body.info, ...battery };
}

/**
 * Writes check-ins. Each batch is one statement: it verifies every credential and, for those
 * that match, stamps SINCRONISMO, merges the inventory, moves the position, adds the reported
 * replication errors (trimmed to the newest MAX_ERRORS_PER_DEVICE) and marks the directory seen — one round trip and one commit for the whole batch, all or nothing per device.
 *
 * Batches form by themselves: a check-in arriving while a statement of its project runs waits
 * for it to end, unless `fullBatch` check-ins wait (then up to `maxStatements` run at once), so a
 * quiet server writes each check-in at once and a busy one writes dozens or hundreds per commit.
 */
export class CheckinWriter {
  private readonly queues = new Map<string, ProjectQueue>();

  constructor(
    private readonly db: Db,
    private readonly maxBatch = 500,
    private readonly maxStatements = 3,
    private readonly fullBatch = 32,
  ) {}

  checkIn(home: DeviceHome, credential: string, body: CheckinBody): Promise<CheckinOutcome> {
    let queue = this.queues.get(home.schema);
    if (!queue) {
      queue = { home, waiting: [], writing: new Set(), statements: 0 };
      this.queues.set(home.schema, queue);
    }
    const position = body.position;
    return new Promise<CheckinOutcome>((resolve, reject) => {
      queue.waiting.push({
        mid: home.mid,
        credentialHash: hashSecret(credential),
        inventory: inventoryOf(body),
        latitude: position?.latitude ?? null,
        longitude: position?.longitude ?? null,
        accuracy: position?.accuracy ?? null,
        time: position?.time ?? null,
        errors: body.errors?.length ? body.errors : null,
        resolve,
        reject,
      });
      this.drain(queue);
    });
  }

  private drain(queue: ProjectQueue): void {
    // A further statement starts beside a running one only for a full batch: PostgreSQL spends
    // about a third less per check-in in batches of dozens than of a few, and a check-in that
    // waits for the running statement waits one statement's time at most.
    while (
      queue.statements < this.maxStatements &&
      queue.waiting.length > 0 &&
      (queue.statements === 0 || queue.waiting.length >= this.fullBatch)
    ) {
      const batch: PendingCheckin[] = [];
      const later: PendingCheckin[] = [];
      const taken = new Set<string>();
      for (const item of queue.waiting) {
        if (batch.length < this.maxBatch && !queue.writing.has(item.mid) && !taken.has(item.mid)) {
          batch.push(item);
          taken.add(item.mid);
        } else {
          later.push(item);
        }
      }
      if (batch.length === 0) return;
      queue.waiting = later;
      for (const mid of taken) queue.writing.add(mid);
      queue.statements++;
      void this.write(queue, batch).finally(() => {
        queue.statements--;
        for (const mid of taken) queue.writing.delete(mid);
        this.drain(queue);
      });
    }
  }

  private async write(queue: ProjectQueue, batch: PendingCheckin[]): Promise<void> {
    try {
      settle(batch, await this.statement(queue.home, batch));
    } catch (error) {
      if (batch.length === 1) {
        batch[0].reject(error);
        return;
      }
      // One check-in the database refuses must not fail the others: write them one by one.
      for (const item of batch) {
        try {
          settle([item], await this.statement(queue.home, [item]));
        } catch (single) {
          item.reject(single);
        }
      }
    }
  }

  private async statement(
    { numero, schema }: ProjectQueue['home'],
    batch: PendingCheckin[],
  ): Promise<CheckinRow[]> {
    const mids = batch.map((item) => item.mid);
    // The batch as one JSON parameter: JSON.stringify is native, where eight array parameters
    // were escaped element by element in JavaScript (the inventory's JSON text twice over).
    const input = JSON.stringify(
      batch.map((item) => ({
        mid: item.mid,
        credential_hash: item.credentialHash,
        inventory: item.inventory,
        latitude: item.latitude,
        longitude: item.longitude,
        accuracy: item.accuracy,
        fix_time: item.time,
        errors: item.errors,
      })),
    );
    const grain = `${STAMP_GRAIN_SECONDS} seconds`;
    const today = startOfDay(new Date());
    // The directory is reached through `= ANY(mids)` (an index probe per MID, never a scan of
    // the project's devices), the other tables by a nested loop from the few authenticated
    // rows, and the result is a list rather than a join: plans that stay linear in the batch.
    const statement = sql<CheckinRow>`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${input}::jsonb) AS v(
          mid text, credential_hash text, inventory jsonb, latitude float8, longitude float8,
          accuracy float8, fix_time timestamptz, errors jsonb)
      ), auth AS (
        -- Read, not locked: only the rows written below are locked (a check-in that changes
        -- nothing locks nothing), and a revocation or deletion committed before this statement
        -- is seen by it, so it applies at once on every node.
        SELECT v.* FROM core.device_directory d JOIN input v ON v.mid = d.mid
        WHERE d.mid = ANY(${mids}::text[]) AND d.numero = ${numero}
          AND d.credential_hash = v.credential_hash AND d.revoked_at IS NULL
      ), cur AS (
        SELECT t."ID" AS id, t."PENDIENTE" AS pendiente, t."SINCRONISMO" AS sync, auth.*,
          -- Pending updates: a probe of the ("MID") index, nothing for most devices.
          (SELECT array_agg(u."UPDATE_ID") FROM ${sql.id(schema, 'device_updates')} AS u
           WHERE u."MID" = auth.mid AND ${PENDING_FOR_DEVICE}) AS updates,
          -- Open provision tasks: a probe of a partial index, nothing for most devices.
          (SELECT jsonb_agg(jsonb_build_object('id', p."ID", 'kind', p."KIND",
                    'secure', p."KIND" = 'databaseSafe') ORDER BY p."ID")
           FROM ${sql.id(schema, 'provision_tasks')} AS p
           WHERE p."MID" = auth.mid AND p."STATUS" IN (0, 1)) AS provisions
        FROM ${sql.id(schema, 'devices')} AS t JOIN auth ON t."MID" = auth.mid
      ), dev AS (
        -- SINCRONISMO is in indexes (no HOT update: every index gets an entry), so it is written
        -- again only when older than the grain or of an earlier day (the synced-today rule).
        UPDATE ${sql.id(schema, 'devices')} AS t SET "SINCRONISMO" = now()
        FROM cur WHERE t."ID" = cur.id
          AND (cur.sync IS NULL OR cur.sync < ${today} OR cur.sync < now() - ${grain}::interval)
      ), info AS (
        INSERT INTO ${sql.id(schema, 'device_info')} AS i ("MID", "INFO", "LASTINFO", "LASTGPS")
        SELECT cur.mid, COALESCE(cur.inventory, '{}'::jsonb),
               CASE WHEN cur.inventory IS NOT NULL THEN now() END,
               CASE WHEN cur.latitude IS NOT NULL THEN now() END
        FROM cur LEFT JOIN ${sql.id(schema, 'device_info')} AS was ON was."MID" = cur.mid
        -- Only rows that change or whose times are older than the grain: the others are not
        -- even locked (an ON CONFLICT that updates nothing still locks its row).
        WHERE (cur.inventory IS NOT NULL
               AND (was."MID" IS NULL
                    OR COALESCE(was."INFO", '{}'::jsonb) || cur.inventory IS DISTINCT FROM was."INFO"
                    OR was."LASTINFO" IS NULL OR was."LASTINFO" < now() - ${grain}::interval))
           OR (cur.latitude IS NOT NULL
               AND (was."MID" IS NULL OR was."LASTGPS" IS NULL
                    OR was."LASTGPS" < now() - ${grain}::interval))
        ON CONFLICT ("MID") DO UPDATE SET
          "INFO" = CASE WHEN EXCLUDED."LASTINFO" IS NULL THEN i."INFO"
                        ELSE COALESCE(i."INFO", '{}'::jsonb) || EXCLUDED."INFO" END,
          "LASTINFO" = COALESCE(EXCLUDED."LASTINFO", i."LASTINFO"),
          "LASTGPS" = COALESCE(EXCLUDED."LASTGPS", i."LASTGPS")
      ), pos AS (
        INSERT INTO ${sql.id(schema, 'device_positions')} AS p
          ("MID", "LATITUDE", "LONGITUDE", "ACCURACY", "TIME")
        SELECT cur.mid, cur.latitude, cur.longitude, cur.accuracy, COALESCE(cur.fix_time, now())
        FROM cur LEFT JOIN ${sql.id(schema, 'device_positions')} AS was ON was."MID" = cur.mid
        -- The same place again moves its time only once the grain has passed.
        WHERE cur.latitude IS NOT NULL
          AND (was."MID" IS NULL
               OR (was."LATITUDE", was."LONGITUDE", was."ACCURACY")
                    IS DISTINCT FROM (cur.latitude, cur.longitude, cur.accuracy::real)
               OR was."TIME" IS NULL
               OR was."TIME" < COALESCE(cur.fix_time, now()) - ${grain}::interval)
        ON CONFLICT ("MID") DO UPDATE SET
          "LATITUDE" = EXCLUDED."LATITUDE", "LONGITUDE" = EXCLUDED."LONGITUDE",
          "ACCURACY" = EXCLUDED."ACCURACY", "TIME" = EXCLUDED."TIME"
      ), reported AS (
        -- Replication errors: rare, so for most batches this and the next three read nothing.
        SELECT cur.mid, (x.e->>'time')::timestamptz AS ts, x.e->>'sql' AS cgssql,
               x.e->>'description' AS description, x.n
        FROM cur CROSS JOIN LATERAL jsonb_array_elements(cur.errors) WITH ORDINALITY AS x(e, n)
        WHERE cur.errors IS NOT NULL
      ), ranked AS (
        -- The cap ranks stored and reported errors together, newest first as the logs tab reads
        -- them (a new row gets a larger ID): a sibling DELETE could not see the rows this
        -- statement inserts. It reads at most the cap plus 50 rows per device, by the index.
        SELECT mid, id, ts, cgssql, description,
               row_number() OVER (PARTITION BY mid ORDER BY ts DESC, id DESC NULLS FIRST, n DESC)
                 AS place
        FROM (
          SELECT mid, NULL::bigint AS id, ts, cgssql, description, n FROM reported
          UNION ALL
          SELECT e."MID", e."ID", e."TIMESTAMP", NULL, NULL, NULL
          FROM ${sql.id(schema, 'device_errors')} AS e
          WHERE e."MID" IN (SELECT mid FROM reported)
        ) AS both_sets
      ), errors_added AS (
        INSERT INTO ${sql.id(schema, 'device_errors')} ("MID", "TIMESTAMP", "CGSSQL", "DESCRIPTION")
        SELECT mid, ts, cgssql, description FROM ranked
        WHERE id IS NULL AND place <= ${MAX_ERRORS_PER_DEVICE}
        ORDER BY place DESC
      ), errors_trimmed AS (
        DELETE FROM ${sql.id(schema, 'device_errors')} AS e USING ranked AS r
        WHERE r.id IS NOT NULL AND r.place > ${MAX_ERRORS_PER_DEVICE} AND e."ID" = r.id
      ), stale AS (
        -- Rows locked in MID order, as the presence writer does, so the two never deadlock.
        SELECT d.mid FROM core.device_directory d JOIN auth ON auth.mid = d.mid
        WHERE d.last_seen IS NULL OR d.last_seen < now() - ${grain}::interval
        ORDER BY d.mid
        FOR UPDATE OF d
      ), seen AS (
        UPDATE core.device_directory AS d SET last_seen = now()
        FROM stale WHERE d.mid = stale.mid
      )
      SELECT mid, NULL::int AS device_id, NULL::int AS pendiente, NULL::int[] AS updates,
             NULL::jsonb AS provisions FROM auth
      UNION ALL
      SELECT mid, id, pendiente, updates, provisions FROM cur
    `;
    // A named statement is parsed and planned once per connection and schema, not per batch:
    // planning this statement cost PostgreSQL about as much as running it for a small batch.
    const pool = poolOf(this.db);
    if (!pool) return (await statement.execute(this.db)).rows;
    const { sql: text, parameters } = statement.compile(this.db);
    const result = await pool.query<CheckinRow>({
      name: `checkin ${schema}`,
      text,
      values: parameters as unknown[],
    });
    return result.rows;
  }
}

function settle(batch: PendingCheckin[], rows: CheckinRow[]): void {
  const authenticated = new Set<string>();
  const stamped = new Map<string, CheckinRow>();
  for (const row of rows) {
    if (row.device_id === null) authenticated.add(row.mid);
    else stamped.set(row.mid, row);
  }
  for (const item of batch) {
    const row = stamped.get(item.mid);
    if (!authenticated.has(item.mid)) item.resolve({ kind: 'refused' });
    else if (!row) item.resolve({ kind: 'gone' });
    else
      item.resolve({
        kind: 'ok',
        deviceId: row.device_id!,
        enabled: (row.pendiente ?? 0) === 0,
        updates: row.updates ?? [],
        provisions: row.provisions ?? [],
      });
  }
}
