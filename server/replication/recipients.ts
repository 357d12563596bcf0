import pg from 'pg';
import { ALL_DEVICES } from '../../protocol/replication';
import { ruleCondition, type EngineRule } from '../selection/engine-rules';

/**
 * Who receives an applied operation: the one place that decides it (docs/replication.md,
 * "Who receives what"). Today: a row for 9999 goes to every provisioned device of the project, a
 * row for one MID to that device alone. The device the operation came from receives it too: its
 * own change comes back in the server's order, after whatever was applied before it, so that
 * its copy ends as the server's whatever order the changes crossed in; for a row it sent to
 * another MID, the third branch adds it (the first two already include it otherwise). Provisioned means STATUS
 * other than -1, 0 and 1 (000 §4): a device still waiting for its database gets the rows with
 * the database, not one by one. The selection rules (docs/replication.md "Selection rules")
 * narrow the 9999 half: `rules` are the project's saved ones with each table's key; a table
 * without a rule goes to every device, one not selected to nobody, one by criteria to the devices
 * whose criteria select the row as the batch left it (a delete to every device of the table).
 *
 * The statement inserts one SQUEUE row per device and operation, for the IQUEUE ids in $1, in
 * IQUEUE order, so each device's SQUEUE follows the order the operations were applied in. The
 * batch's IQUEUE rows are read once (flota_batch), and the 9999 half is skipped at once when no
 * row of the batch is for 9999 (a batch of one device's own rows scans no device list).
 * `batch` may define flota_batch otherwise: the applier's move writes the rows and hands them
 * over in the same statement (apply.ts, `moveSql`).
 */
export function fanOutSql(
  schema: string,
  rules: { rule: EngineRule; key: string[] }[] = [],
  batch = batchByIds(schema),
): string {
  const t = (table: string) => `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
  const all = pg.escapeLiteral(ALL_DEVICES);
  const narrow = narrowing(schema, rules);
  return `
    WITH ${batch}
    INSERT INTO ${t('squeue')} ("MID", "IQID")
    SELECT mid, iqid FROM (
      SELECT flota_device."MID" AS mid, i."ID" AS iqid
      FROM flota_batch i CROSS JOIN ${t('devices')} flota_device
      WHERE EXISTS (SELECT FROM flota_batch WHERE "TARGET" = ${all}) AND i."TARGET" = ${all}
        AND flota_device."STATUS" NOT IN (-1, 0, 1) ${narrow}
      UNION ALL
      SELECT d."MID", i."ID"
      FROM flota_batch i JOIN ${t('devices')} d ON d."MID" = i."TARGET"
      WHERE i."TARGET" <> ${all} AND d."STATUS" NOT IN (-1, 0, 1)
      UNION ALL
      SELECT d."MID", i."ID"
      FROM flota_batch i JOIN ${t('devices')} d ON d."MID" = i."MID"
      WHERE i."TARGET" NOT IN (${all}, i."MID") AND d."STATUS" NOT IN (-1, 0, 1)
    ) recipients
    ORDER BY iqid`;
}

/** The CTE flota_batch of fanOutSql: the IQUEUE rows whose ids are $1. */
function batchByIds(schema: string): string {
  return `flota_batch AS MATERIALIZED (
      SELECT "ID", "MID", "TARGET", "TABLENAME", "OPERATION", "PK"
      FROM ${pg.escapeIdentifier(schema)}.iqueue WHERE "ID" = ANY($1::bigint[]))`;
}

/**
 * The rules' narrowing of a 9999 row `i` (an IQUEUE row) for the device `flota_device`: empty
 * without rules, else `AND (…)` — the sender always, each table by its rule, a table without a
 * rule to everyone.
 */
function narrowing(schema: string, rules: { rule: EngineRule; key: string[] }[]): string {
  if (rules.length === 0) return '';
  const t = (table: string) => `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
  const branches = rules.map(({ rule, key }) => {
    const keyRow = `(jsonb_populate_record(NULL::${t(rule.table)}, i."PK"))`;
    const holds = ruleCondition(schema, rule, key, 'flota_device', keyRow, 'i."OPERATION"');
    return `WHEN ${pg.escapeLiteral(rule.table)} THEN ${holds}`;
  });
  return `AND (flota_device."MID" = i."MID" OR CASE i."TABLENAME" ${branches.join('\n')} ELSE TRUE END)`;
}

/**
 * A provisioned device's catch-up (docs/device-protocol.md "Provisioning", "The cut"): the IQUEUE
 * rows applied after its copy's cut ($2) that device $1 receives, by the same rules as the
 * fan-out (its own rows and rows for it always, 9999 rows as the rules narrow them, judged as the
 * rows are now), each once, in IQUEUE order.
 */
export function catchUpSql(
  schema: string,
  rules: { rule: EngineRule; key: string[] }[] = [],
): string {
  const t = (table: string) => `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
  return `
    INSERT INTO ${t('squeue')} ("MID", "IQID")
    SELECT flota_device."MID", i."ID"
    FROM ${t('iqueue')} i JOIN ${t('devices')} flota_device ON flota_device."MID" = $1
    WHERE i."ID" > $2::bigint
      AND (i."TARGET" = $1 OR i."MID" = $1
        OR (i."TARGET" = ${pg.escapeLiteral(ALL_DEVICES)} ${narrowing(schema, rules)}))
      AND NOT EXISTS (SELECT 1 FROM ${t('squeue')} s WHERE s."MID" = $1 AND s."IQID" = i."ID")
    ORDER BY i."ID"`;
}
