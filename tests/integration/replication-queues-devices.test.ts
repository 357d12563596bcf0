import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, rowsOfDevice, type TestProject } from '../support/devices';

// QUEUE and SQUEUE follow their devices by triggers, not foreign keys (project migration
// 20261128_0018_queue_device_triggers, docs/replication.md "Throughput").

let t: TestApp;
let project: TestProject;

beforeAll(async () => {
  t = await buildTestApp();
  project = await demoProject(t.database.db);
});
afterAll(() => t.close());

const q = (table: string) => sql.id(project.schema, table);
const rowsOf = (table: string, mid: string) => rowsOfDevice(t.database.db, project, table, mid);

async function deviceWithQueues(mid: string): Promise<void> {
  await sql`INSERT INTO ${q('devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS")
    VALUES (${mid}, 'Cola', 'ANDROID', 2)`.execute(t.database.db);
  await sql`INSERT INTO ${q('queue')} ("MID", "OPID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "CGSSQL")
    VALUES (${mid}, 1, now(), 'gen_x', 'delete', '{"id": 1}', 'DELETE FROM gen_x WHERE id = 1')`.execute(
    t.database.db,
  );
  await sql`INSERT INTO ${q('squeue')} ("MID", "IQID") VALUES (${mid}, 1), (${mid}, 2)`.execute(
    t.database.db,
  );
}

describe('the queues of a device', () => {
  it('go with the device removed, follow a new MID, and keep the counters', async () => {
    await deviceWithQueues('COLA-1');
    await deviceWithQueues('COLA-2');
    await sql`UPDATE ${q('devices')} SET "MID" = 'COLA-3' WHERE "MID" = 'COLA-2'`.execute(
      t.database.db,
    );
    expect([await rowsOf('queue', 'COLA-3'), await rowsOf('squeue', 'COLA-3')]).toEqual([1, 2]);
    expect([await rowsOf('queue', 'COLA-2'), await rowsOf('squeue', 'COLA-2')]).toEqual([0, 0]);

    await sql`DELETE FROM ${q('devices')} WHERE "MID" IN ('COLA-1', 'COLA-3')`.execute(
      t.database.db,
    );
    for (const mid of ['COLA-1', 'COLA-3']) {
      expect([await rowsOf('queue', mid), await rowsOf('squeue', mid)]).toEqual([0, 0]);
    }
    const counts = await sql<{ QUEUE: number; SQUEUE: number }>`
      SELECT coalesce(sum("QUEUE"), 0)::int AS "QUEUE", coalesce(sum("SQUEUE"), 0)::int AS "SQUEUE"
      FROM ${q('replica_counts')}`.execute(t.database.db);
    const real = await sql<{ QUEUE: number; SQUEUE: number }>`
      SELECT (SELECT count(*)::int FROM ${q('queue')}) AS "QUEUE",
             (SELECT count(*)::int FROM ${q('squeue')}) AS "SQUEUE"`.execute(t.database.db);
    expect(counts.rows[0]).toEqual(real.rows[0]);
  });
});

describe('a sync and the deletion of its device at the same time', () => {
  it('leave no QUEUE row behind: the deletion waits for the sync, then takes what it queued', async () => {
    const mid = 'COLA-RACE';
    await deviceWithQueues(mid);
    await sql`INSERT INTO ${q('replica_status')} ("MID") VALUES (${mid}) ON CONFLICT DO NOTHING`.execute(
      t.database.db,
    );
    let deleted: Promise<unknown> | null = null;
    await t.database.db.transaction().execute(async (trx) => {
      // The sync's first statement (server/replication/sync.ts): its status row, locked.
      await sql`INSERT INTO ${q('replica_status')} ("MID")
        SELECT "MID" FROM ${q('devices')} WHERE "MID" = ${mid}
        ON CONFLICT ("MID") DO UPDATE SET "LASTID" = ${q('replica_status')}."LASTID"`.execute(trx);
      deleted = sql`DELETE FROM ${q('devices')} WHERE "MID" = ${mid}`.execute(t.database.db);
      // The deletion is under way (it waits on the status row) while the sync queues.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await sql`INSERT INTO ${q('queue')} ("MID", "OPID", "TIMESTAMP", "TABLENAME", "OPERATION", "PK", "CGSSQL")
        VALUES (${mid}, 2, now(), 'gen_x', 'delete', '{"id": 2}', 'DELETE FROM gen_x WHERE id = 2')`.execute(
        trx,
      );
    });
    await deleted;
    expect([await rowsOf('queue', mid), await rowsOf('squeue', mid)]).toEqual([0, 0]);
    expect(await rowsOf('replica_status', mid)).toBe(0);
  });
});
