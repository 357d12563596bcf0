import pg from 'pg';
import type { SandboxSession } from '../db/sandbox';
import { idArray } from '../replication/apply-sql';
import { catchUpSql, fanOutSql } from '../replication/recipients';
import type { Tables } from '../replication/tables';
import { loadRules, type EngineRule } from './engine-rules';

type Rules = { rule: EngineRule; key: string[] }[];

/**
 * Fans a batch's IQUEUE rows out by the project's selection rules (recipients.ts), in the
 * applier's transaction.
 */
export function fanOutBySelection(
  session: SandboxSession,
  schema: string,
  tables: Tables,
  ids: string[],
  warn?: (message: string, error: unknown) => void,
): Promise<pg.QueryResult> {
  return bySelection(session, schema, tables, warn, (rules) =>
    session.query(fanOutSql(schema, rules), [idArray(ids)]),
  );
}

/**
 * The same for rows an applier's statement writes to IQUEUE itself (apply.ts `moveSql`): `batch`
 * defines flota_batch, `values` are its parameters. A failing criteria undoes the move with the
 * fan-out, and both run again.
 */
export function moveAndFanOut(
  session: SandboxSession,
  schema: string,
  tables: Tables,
  batch: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  return bySelection(session, schema, tables, undefined, (rules) =>
    session.query(fanOutSql(schema, rules, batch), values),
  );
}

/**
 * Queues for a device just provisioned the IQUEUE rows applied after its copy's cut that its
 * rules give it (recipients.ts `catchUpSql`), in the confirm's transaction as the project's role.
 */
export function catchUpBySelection(
  session: SandboxSession,
  schema: string,
  tables: Tables,
  mid: string,
  cut: number,
): Promise<pg.QueryResult> {
  return bySelection(session, schema, tables, undefined, (rules) =>
    session.query(catchUpSql(schema, rules), [mid, String(cut)]),
  );
}

/**
 * Runs `queue` with the project's rules. Rules are read once per call (a handful of rows). A
 * criteria statement that fails here (it was checked when saved; a later change of the table can
 * break it) must not stop the project's replication: `queue` runs again with those tables going
 * to nobody, and every provisioned device is marked pending re-selection (selection_pending),
 * which the DevicesPendingSelectividad counter shows and a database provision repairs.
 */
async function bySelection(
  session: SandboxSession,
  schema: string,
  tables: Tables,
  warn: ((message: string, error: unknown) => void) | undefined,
  queue: (rules: Rules) => Promise<pg.QueryResult>,
): Promise<pg.QueryResult> {
  const rules = [
    ...(await loadRules((text, values) => session.query(text, values), schema)).values(),
  ]
    .filter((rule) => tables.has(rule.table))
    .map((rule) => ({ rule, key: tables.get(rule.table)!.key }));
  if (rules.length === 0) return queue(rules);
  await session.query('SAVEPOINT flota_fan_out');
  try {
    const result = await queue(rules);
    await session.query('RELEASE SAVEPOINT flota_fan_out');
    return result;
  } catch (error) {
    await session.query('ROLLBACK TO SAVEPOINT flota_fan_out');
    warn?.('a selection criteria failed: its tables go to nobody, devices pending', error);
    const safe = rules.map(({ rule, key }) =>
      rule.always === 1 ? { rule, key } : { rule: { ...rule, selected: false }, key },
    );
    const s = pg.escapeIdentifier(schema);
    await session.query(
      `INSERT INTO ${s}.selection_pending ("MID")
       SELECT "MID" FROM ${s}.devices WHERE "STATUS" NOT IN (-1, 0, 1)
       ON CONFLICT DO NOTHING`,
    );
    return queue(safe);
  }
}
