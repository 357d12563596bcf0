import { sql, type Kysely } from 'kysely';

// Frozen in time. Devices per platform and block of 4096 IDs, kept by statement-level triggers
// like device_counts: a deep page of the list in ID order (page 5,000 of a million devices)
// finds the block holding its first row by summing at most a few thousand counts, then walks
// less than one block of the primary key instead of every entry before the page
// (docs/decisions.md, "Deep pages"). ID never changes; a device changing platform moves its count.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  const fn = (name: string) => sql.id(schema, name);
  await sql`
    CREATE TABLE ${t('device_id_blocks')} (
      "DEVICE_TYPE" text NOT NULL,
      "BLOCK" integer NOT NULL,
      "N" integer NOT NULL,
      PRIMARY KEY ("DEVICE_TYPE", "BLOCK")
    );
    CREATE INDEX device_id_blocks_block_idx ON ${t('device_id_blocks')} ("BLOCK");
    INSERT INTO ${t('device_id_blocks')}
    SELECT coalesce("DEVICE_TYPE", ''), "ID" / 4096, count(*) FROM ${t('devices')} GROUP BY 1, 2;
    CREATE FUNCTION ${fn('device_id_blocks_insert')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${t('device_id_blocks')} AS b ("DEVICE_TYPE", "BLOCK", "N")
      SELECT coalesce("DEVICE_TYPE", ''), "ID" / 4096, count(*) FROM new_rows GROUP BY 1, 2
      ON CONFLICT ("DEVICE_TYPE", "BLOCK") DO UPDATE SET "N" = b."N" + excluded."N";
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('device_id_blocks_delete')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ${t('device_id_blocks')} AS b SET "N" = b."N" - d.n
      FROM (SELECT coalesce("DEVICE_TYPE", '') AS type, "ID" / 4096 AS block, count(*) AS n
            FROM old_rows GROUP BY 1, 2) d
      WHERE b."DEVICE_TYPE" = d.type AND b."BLOCK" = d.block;
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('device_id_blocks_move')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE ${t('device_id_blocks')} SET "N" = "N" - 1
      WHERE "DEVICE_TYPE" = coalesce(OLD."DEVICE_TYPE", '') AND "BLOCK" = OLD."ID" / 4096;
      INSERT INTO ${t('device_id_blocks')} AS b ("DEVICE_TYPE", "BLOCK", "N")
      VALUES (coalesce(NEW."DEVICE_TYPE", ''), NEW."ID" / 4096, 1)
      ON CONFLICT ("DEVICE_TYPE", "BLOCK") DO UPDATE SET "N" = b."N" + 1;
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('device_id_blocks_truncate')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM ${t('device_id_blocks')};
      RETURN NULL;
    END $$;
    CREATE TRIGGER device_id_blocks_insert AFTER INSERT ON ${t('devices')}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('device_id_blocks_insert')}();
    CREATE TRIGGER device_id_blocks_delete AFTER DELETE ON ${t('devices')}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('device_id_blocks_delete')}();
    CREATE TRIGGER device_id_blocks_move AFTER UPDATE OF "DEVICE_TYPE" ON ${t('devices')}
      FOR EACH ROW WHEN (OLD."DEVICE_TYPE" IS DISTINCT FROM NEW."DEVICE_TYPE")
      EXECUTE FUNCTION ${fn('device_id_blocks_move')}();
    CREATE TRIGGER device_id_blocks_truncate AFTER TRUNCATE ON ${t('devices')}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn('device_id_blocks_truncate')}();
  `.execute(db);
}
