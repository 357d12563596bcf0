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
 */
export function fanOutSql(
  schema: string,
  rules: { rule: EngineRule; key: string[] }[] = [],
): string {
  const t = (table: string) => `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
  const all = pg.escapeLiteral(ALL_DEVICES);
  const branches = rules.map(({ rule, key }) => {
    const keyRow = `(jsonb_populate_record(NULL::${t(rule.table)}, i."PK"))`;
    const holds = ruleCondition(schema, rule, key, 'flota_device', keyRow, 'i."OPERATION"');
    return `WHEN ${pg.escapeLiteral(rule.table)} THEN ${holds}`;
  });
  const narrow =
    branches.length > 0
      ? `AND (flota_device."MID" = i."MID" OR CASE i."TABLENAME" ${branches.join('\n')} ELSE TRUE END)`
      : '';
  return `
    WITH flota_batch AS MATERIALIZED (
      SELECT "ID", "MID", "TARGET", "TABLENAME", "OPERATION", "PK"
      FROM ${t('iqueue')} WHERE "ID" = ANY($1::bigint[]))
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
