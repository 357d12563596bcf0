import { sql, type Kysely } from 'kysely';

// Frozen in time. The device list's text filters compare lower(column) with lower(value), which
// is how PostgreSQL computes ILIKE in a UTF-8 database, with the value lowered once instead of
// on every row (docs/decisions.md, "Case-insensitive filters"). The trigram indexes move to
// lower() of their column. OWNER's shares one GIN index with lower(DEVICE_TYPE) (btree_gin), so
// "OWNER contains … and DEVICE_TYPE equals …" is narrowed in the index; GIN serves either
// column alone as well.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  const index = (name: string) => sql.id(schema, name);
  await sql`
    DROP INDEX IF EXISTS ${index('devices_owner_trgm')};
    DROP INDEX IF EXISTS ${index('devices_mid_trgm')};
    CREATE INDEX devices_type_owner_trgm
      ON ${t('devices')} USING gin (lower("DEVICE_TYPE"), lower("OWNER") gin_trgm_ops);
    CREATE INDEX devices_mid_lower_trgm ON ${t('devices')} USING gin (lower("MID") gin_trgm_ops);
  `.execute(db);
}
