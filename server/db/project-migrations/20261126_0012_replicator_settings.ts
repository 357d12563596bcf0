import { sql, type Kysely } from 'kysely';

// Frozen in time. The replicator settings every project starts with (000 §3 Replicator
// setting; docs/replication.md, "Replicator settings"): KEYNAME, the default KEYVALUE, the
// category (IDCATEGORY) and the value type of 000 §5 (TIPO). A key the project already has (a
// published project's own settings) keeps its value.
const SETTINGS: [string, string, number, number][] = [
  ['APPLY_BATCH', '5000', 1, 5],
  ['CORRECTIONS', 'true', 1, 4],
  ['ERRORS_KEPT', '500', 1, 5],
  ['LOG_LEVEL', '3', 1, 6],
  ['FETCH_MAX', '500', 2, 5],
  ['IQUEUE_RETENTION_DAYS', '30', 3, 5],
  ['DATE_ORDER', 'ymd', 4, 1],
  ['DB_ENGINE', 'sqlite', 4, 2],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`
    INSERT INTO ${sql.id(schema, 'config')} ("KEYNAME", "KEYVALUE", "IDCATEGORY", "TIPO")
    SELECT * FROM unnest(
      ${sql.val(SETTINGS.map((s) => s[0]))}::text[],
      ${sql.val(SETTINGS.map((s) => s[1]))}::text[],
      ${sql.val(SETTINGS.map((s) => s[2]))}::int[],
      ${sql.val(SETTINGS.map((s) => s[3]))}::int[])
    ON CONFLICT ("KEYNAME") DO NOTHING
  `.execute(db);
}
