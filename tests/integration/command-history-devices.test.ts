import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportRecorder } from '../../server/commands/recorder';
import { commandMessageId } from '../../protocol/commands';
import { insertCommands, markSent } from '../../server/commands/store';
import { buildTestApp, type TestApp } from '../support/app';
import { demoProject, rowsOfDevice, type TestProject } from '../support/devices';

// The command history follows its devices by triggers, not a foreign key, and its rows change
// state in place (project migration 20261128_0021_command_history_writes).

let t: TestApp;
let project: TestProject;

beforeAll(async () => {
  t = await buildTestApp();
  project = await demoProject(t.database.db);
});
afterAll(() => t.close());

const q = (table: string) => sql.id(project.schema, table);
const historyOf = (mid: string) => rowsOfDevice(t.database.db, project, 'device_commands', mid);

async function deviceWithHistory(mid: string): Promise<void> {
  await sql`INSERT INTO ${q('devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS")
    VALUES (${mid}, 'Historia', 'ANDROID', 2)`.execute(t.database.db);
  await sql`INSERT INTO ${q('device_commands')} ("MID", "CMD", "STATE", "SOURCE")
    VALUES (${mid}, 'ping', 'created', 'console'), (${mid}, 'info', 'offline', 'console')`.execute(
    t.database.db,
  );
}

describe('the command history of a device', () => {
  it('goes with the device removed and follows a new MID', async () => {
    await deviceWithHistory('HIST-1');
    await deviceWithHistory('HIST-2');
    await sql`UPDATE ${q('devices')} SET "MID" = 'HIST-3' WHERE "MID" = 'HIST-2'`.execute(
      t.database.db,
    );
    expect([await historyOf('HIST-2'), await historyOf('HIST-3')]).toEqual([0, 2]);
    await sql`DELETE FROM ${q('devices')} WHERE "MID" IN ('HIST-1', 'HIST-3')`.execute(
      t.database.db,
    );
    expect([await historyOf('HIST-1'), await historyOf('HIST-3')]).toEqual([0, 0]);
  });

  it('changes state without a new index entry (heap-only updates)', async () => {
    await deviceWithHistory('HIST-HOT');
    // This backend's counts not yet flushed (pg_stat_xact_*), before and after, in one transaction.
    const counts = await t.database.db.transaction().execute(async (trx) => {
      const read = async () =>
        (
          await sql<{ updated: number; hot: number }>`
            SELECT n_tup_upd::int AS updated, n_tup_hot_upd::int AS hot FROM pg_stat_xact_user_tables
            WHERE relid = ${`${project.schema}.device_commands`}::regclass`.execute(trx)
        ).rows[0];
      const before = await read();
      await sql`UPDATE ${q('device_commands')} SET "STATE" = 'sent', "SENT" = now()
        WHERE "MID" = 'HIST-HOT' AND "STATE" = 'created'`.execute(trx);
      const after = await read();
      return { updated: after.updated - before.updated, hot: after.hot - before.hot };
    });
    expect(counts).toEqual({ updated: 1, hot: 1 });
  });

  it('is not left behind by a command written while its device is removed', async () => {
    await deviceWithHistory('HIST-RACE');
    let removed: Promise<unknown> | null = null;
    await t.database.db.transaction().execute(async (trx) => {
      // The send's insert locks the device's row (FOR KEY SHARE) as the foreign key did.
      await insertCommands(trx, {
        numero: project.numero,
        schema: project.schema,
        cmd: 'ping',
        params: {},
        mids: ['HIST-RACE'],
        sender: { id: null, login: 'admin', language: 'es' },
        source: 'console',
      });
      removed = sql`DELETE FROM ${q('devices')} WHERE "MID" = 'HIST-RACE'`.execute(t.database.db);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await removed;
    expect(await historyOf('HIST-RACE')).toBe(0);
  });
});

describe('the command history under a fleet-wide command', () => {
  it('takes SENT and results at once without a deadlock', async () => {
    // Devices answer before their command's SENT is written: the recorder's statement and
    // markSent's then want the same rows, and must lock them in one order (PostgreSQL fails one
    // of two statements that wait on each other, which failed the whole sendCommand call).
    await sql`INSERT INTO ${q('devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS")
      VALUES ('LOCKS-1', 'Bloqueos', 'ANDROID', 2)`.execute(t.database.db);
    for (let round = 0; round < 10; round++) {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO ${q('device_commands')} ("MID", "CMD", "STATE", "SOURCE")
        SELECT 'LOCKS-1', 'info', 'created', 'console' FROM generate_series(1, 2000)
        RETURNING "ID"::int AS id`.execute(t.database.db);
      const ids = rows.map((row) => row.id).sort((a, b) => a - b);
      const errors: unknown[] = [];
      const recorder = new ReportRecorder(
        t.database.db,
        () => {},
        (error) => errors.push(error),
        2000,
      );
      // The results in the other order than markSent's, as devices answer in any order.
      for (const id of [...ids].reverse()) {
        recorder.add({
          numero: project.numero,
          mid: 'LOCKS-1',
          type: 'result',
          messageId: commandMessageId(id),
          result: { ok: true },
        });
      }
      await Promise.all([
        markSent(
          t.database.db,
          project.schema,
          ids.map((id) => ({ id, at: new Date() })),
        ).catch((error: unknown) => errors.push(error)),
        recorder.idle(),
      ]);
      expect(errors).toEqual([]);
      const states = await sql<{ state: string; sent: boolean; n: number }>`
        SELECT "STATE" AS state, "SENT" IS NOT NULL AS sent, count(*)::int AS n
        FROM ${q('device_commands')} WHERE "ID" = ANY(${ids}::bigint[]) GROUP BY 1, 2`.execute(
        t.database.db,
      );
      expect(states.rows).toEqual([{ state: 'executed', sent: true, n: 2000 }]);
    }
  });

  it('writes SENT with the answer, and alone for a command left unanswered', async () => {
    await sql`INSERT INTO ${q('devices')} ("MID", "OWNER", "DEVICE_TYPE", "STATUS")
      VALUES ('HANDED-1', 'Entregas', 'ANDROID', 2)`.execute(t.database.db);
    const { rows } = await sql<{ id: number }>`
      INSERT INTO ${q('device_commands')} ("MID", "CMD", "STATE", "SOURCE")
      SELECT 'HANDED-1', 'info', 'created', 'console' FROM generate_series(1, 3)
      RETURNING "ID"::int AS id`.execute(t.database.db);
    const [answered, acked, silent] = rows.map((row) => row.id).sort((a, b) => a - b);
    const recorder = new ReportRecorder(
      t.database.db,
      () => {},
      () => {},
    );
    const at = new Date(Date.now() - 60_000);
    recorder.handed(
      [answered, acked, silent].map((id) => ({
        numero: project.numero,
        mid: 'HANDED-1',
        messageId: commandMessageId(id),
        at,
      })),
    );
    const report = { numero: project.numero, mid: 'HANDED-1' };
    recorder.add({ ...report, type: 'ack', messageId: commandMessageId(answered) });
    recorder.add({
      ...report,
      type: 'result',
      messageId: commandMessageId(answered),
      result: { ok: true },
    });
    recorder.add({ ...report, type: 'ack', messageId: commandMessageId(acked) });
    // Answers first, the unanswered command's SENT after the hold (idle writes it at once).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = await sql<{ id: number; state: string; sent: Date | null }>`
      SELECT "ID"::int AS id, "STATE" AS state, "SENT" AS sent FROM ${q('device_commands')}
      WHERE "ID" = ANY(${[answered, acked, silent]}::bigint[]) ORDER BY "ID"`.execute(
      t.database.db,
    );
    expect(before.rows).toEqual([
      { id: answered, state: 'executed', sent: at },
      { id: acked, state: 'confirmed', sent: at },
      { id: silent, state: 'created', sent: null },
    ]);
    await recorder.idle();
    const after = await sql<{ state: string; sent: Date | null }>`
      SELECT "STATE" AS state, "SENT" AS sent FROM ${q('device_commands')}
      WHERE "ID" = ${silent}`.execute(t.database.db);
    expect(after.rows).toEqual([{ state: 'sent', sent: at }]);
  });
});
