import pg from 'pg';
import { ALL_DEVICES } from '../../protocol/replication';

/**
 * Who receives an applied operation: the one place that decides it (docs/replication.md,
 * "Who receives what"). Today: a row for 9999 goes to every provisioned device of the project, a
 * row for one MID to that device alone. The device the operation came from receives it too: its
 * own change comes back in the server's order, after whatever was applied before it, so that
 * its copy ends as the server's whatever order the changes crossed in; for a row it sent to
 * another MID, the third branch adds it (the first two already include it otherwise). Provisioned means STATUS
 * other than -1, 0 and 1 (000 §4): a device still waiting for its database gets the rows with
 * the database, not one by one. The selection rules of the data tools will narrow the 9999 half
 * here.
 *
 * The statement inserts one SQUEUE row per device and operation, for the IQUEUE ids in $1, in
 * IQUEUE order, so each device's SQUEUE follows the order the operations were applied in.
 */
export function fanOutSql(schema: string): string {
  const t = (table: string) => `${pg.escapeIdentifier(schema)}.${pg.escapeIdentifier(table)}`;
  const all = pg.escapeLiteral(ALL_DEVICES);
  return `
    INSERT INTO ${t('squeue')} ("MID", "IQID")
    SELECT mid, iqid FROM (
      SELECT d."MID" AS mid, i."ID" AS iqid
      FROM ${t('iqueue')} i CROSS JOIN ${t('devices')} d
      WHERE i."ID" = ANY($1::bigint[]) AND i."TARGET" = ${all}
        AND d."STATUS" NOT IN (-1, 0, 1)
      UNION ALL
      SELECT d."MID", i."ID"
      FROM ${t('iqueue')} i JOIN ${t('devices')} d ON d."MID" = i."TARGET"
      WHERE i."ID" = ANY($1::bigint[]) AND i."TARGET" <> ${all}
        AND d."STATUS" NOT IN (-1, 0, 1)
      UNION ALL
      SELECT d."MID", i."ID"
      FROM ${t('iqueue')} i JOIN ${t('devices')} d ON d."MID" = i."MID"
      WHERE i."ID" = ANY($1::bigint[]) AND i."TARGET" NOT IN (${all}, i."MID")
        AND d."STATUS" NOT IN (-1, 0, 1)
    ) recipients
    ORDER BY iqid`;
}
