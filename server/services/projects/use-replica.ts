import { sql } from 'kysely';
import type { Db } from '../../db/database';

/**
 * createProject's `useReplica` (000 §7) as a replicator setting of the project (000 §3: KEYNAME,
 * KEYVALUE, IDCATEGORY 1 replication, TIPO 4 boolean), shown and changed on the replicator tab.
 */
export async function recordUseReplica(trx: Db, schema: string, on: boolean): Promise<void> {
  await sql`
    INSERT INTO ${sql.id(schema, 'config')} ("KEYNAME", "KEYVALUE", "IDCATEGORY", "TIPO")
    VALUES ('USE_REPLICA', ${on ? 'true' : 'false'}, 1, 4)
    ON CONFLICT ("KEYNAME") DO UPDATE SET "KEYVALUE" = excluded."KEYVALUE"
  `.execute(trx);
}
