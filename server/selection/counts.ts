import { sql, type Kysely } from 'kysely';

/**
 * DevicesPendingSelectividad (docs/replication.md "Counters"): the project's devices whose
 * selection rules changed after their copy was built (selection_pending). A count over that
 * table, which holds only the waiting devices: a database provision takes a device out.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function devicesPendingSelection(db: Kysely<any>, schema: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM ${sql.id(schema, 'selection_pending')} p
    JOIN ${sql.id(schema, 'devices')} d ON d."MID" = p."MID"`.execute(db);
  return Number(rows[0].n);
}
