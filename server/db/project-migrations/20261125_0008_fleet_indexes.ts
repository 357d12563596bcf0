import { sql, type Kysely } from 'kysely';

// Frozen in time. The home page's fleet summary (docs/decisions.md, "Home: the fleet at a
// glance") reads, per project: the devices whose last reported battery is at or under 20 %
// (a partial index holding those devices only, so counting them reads a few index pages, not
// every inventory), and the newest errors and commands of the whole project (their existing
// indexes lead with MID, which serves one device's logs, not the project's newest rows).
// The battery test is written so that it never fails on a value that is not a number.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE INDEX device_info_low_battery_idx ON ${t('device_info')} ("MID")
      WHERE jsonb_typeof("INFO" -> 'batteryLevel') = 'number'
        AND ("INFO" -> 'batteryLevel') <= '20'::jsonb;
    CREATE INDEX device_errors_timestamp_idx ON ${t('device_errors')} ("TIMESTAMP" DESC, "ID" DESC);
    CREATE INDEX device_commands_created_idx ON ${t('device_commands')} ("CREATED" DESC, "ID" DESC);
  `.execute(db);
}
