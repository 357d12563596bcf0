import { sql, type Kysely } from 'kysely';

// Frozen in time. The setting naming what the project's data service serves without
// authorisation (docs/api.md, "The data service for apps"): empty, nothing, by default.
// IDCATEGORY 4 is the device app, TIPO 3 a free text.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`
    INSERT INTO ${sql.id(schema, 'config')} ("KEYNAME", "KEYVALUE", "IDCATEGORY", "TIPO")
    VALUES ('DATASERVICE_PUBLIC', '', 4, 3)
    ON CONFLICT ("KEYNAME") DO NOTHING
  `.execute(db);
}
