import { sql, type Kysely } from 'kysely';

// Frozen in time. The figures of the activity counters and the statistics semaphore
// (docs/replication.md, "Counters"), kept by the database so that reading them never counts
// the queues: each device's pending operations (replica_status.PENDING, from its SQUEUE rows),
// and replica_counts, an append-only table of deltas whose column sums are the rows of QUEUE,
// IQUEUE and SQUEUE, the devices in each semaphore colour and the devices never synchronised.
// Writers only insert delta rows (no hot row every sync would wait for); the engine folds them
// into one row now and then. Statement-level triggers, so a batch of thousands of rows writes
// one delta. The bucket limits are those of the statistics result (000 §3, §9): green under 100,
// yellow 100 to 1000, red over 1000; none (0) is what remains of the devices.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  const fn = (name: string) => sql.id(schema, name);
  const counts = t('replica_counts');
  await sql`
    ALTER TABLE ${t('replica_status')} ADD COLUMN "PENDING" bigint NOT NULL DEFAULT 0;
    CREATE INDEX replica_status_pending_idx ON ${t('replica_status')} ("PENDING" DESC, "MID")
      WHERE "PENDING" > 0;
    CREATE TABLE ${counts} (
      "QUEUE" bigint NOT NULL DEFAULT 0,
      "IQUEUE" bigint NOT NULL DEFAULT 0,
      "SQUEUE" bigint NOT NULL DEFAULT 0,
      "GREEN" bigint NOT NULL DEFAULT 0,
      "YELLOW" bigint NOT NULL DEFAULT 0,
      "RED" bigint NOT NULL DEFAULT 0,
      "NOREPLICATE" bigint NOT NULL DEFAULT 0
    );
  `.execute(db);

  // The figures of the rows already there.
  await sql`
    INSERT INTO ${t('replica_status')} AS r ("MID", "PENDING")
    SELECT "MID", count(*) FROM ${t('squeue')} GROUP BY "MID" ORDER BY "MID"
    ON CONFLICT ("MID") DO UPDATE SET "PENDING" = excluded."PENDING";
    INSERT INTO ${counts} ("QUEUE", "IQUEUE", "SQUEUE", "GREEN", "YELLOW", "RED", "NOREPLICATE")
    SELECT (SELECT count(*) FROM ${t('queue')}), (SELECT count(*) FROM ${t('iqueue')}),
           (SELECT count(*) FROM ${t('squeue')}),
           count(*) FILTER (WHERE "PENDING" BETWEEN 1 AND 99),
           count(*) FILTER (WHERE "PENDING" BETWEEN 100 AND 1000),
           count(*) FILTER (WHERE "PENDING" > 1000),
           (SELECT count(*) FROM ${t('devices')} WHERE "SINCRONISMO" IS NULL)
    FROM ${t('replica_status')};
  `.execute(db);

  // QUEUE and IQUEUE: their row counts.
  for (const [table, column] of [
    ['queue', 'QUEUE'],
    ['iqueue', 'IQUEUE'],
  ] as const) {
    const col = sql.id(column);
    await sql`
      CREATE FUNCTION ${fn(`replica_counts_${table}_insert`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${counts} (${col}) SELECT count(*) FROM new_rows HAVING count(*) > 0;
        RETURN NULL;
      END $$;
      CREATE FUNCTION ${fn(`replica_counts_${table}_delete`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${counts} (${col}) SELECT -count(*) FROM old_rows HAVING count(*) > 0;
        RETURN NULL;
      END $$;
      CREATE FUNCTION ${fn(`replica_counts_${table}_truncate`)}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO ${counts} (${col}) SELECT -coalesce(sum(${col}), 0) FROM ${counts};
        RETURN NULL;
      END $$;
      CREATE TRIGGER replica_counts_insert AFTER INSERT ON ${t(table)}
        REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
        EXECUTE FUNCTION ${fn(`replica_counts_${table}_insert`)}();
      CREATE TRIGGER replica_counts_delete AFTER DELETE ON ${t(table)}
        REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
        EXECUTE FUNCTION ${fn(`replica_counts_${table}_delete`)}();
      CREATE TRIGGER replica_counts_truncate AFTER TRUNCATE ON ${t(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION ${fn(`replica_counts_${table}_truncate`)}();
    `.execute(db);
  }

  // SQUEUE: its row count and each device's PENDING. A fan-out creates the status row of a
  // device that never synchronised; a delete only lowers it (a device being deleted has none to
  // create). Rows in MID order, so two writers lock status rows in the same order.
  await sql`
    CREATE FUNCTION ${fn('replica_counts_squeue_insert')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${counts} ("SQUEUE") SELECT count(*) FROM new_rows HAVING count(*) > 0;
      INSERT INTO ${t('replica_status')} AS r ("MID", "PENDING")
      SELECT "MID", count(*) FROM new_rows GROUP BY "MID" ORDER BY "MID"
      ON CONFLICT ("MID") DO UPDATE SET "PENDING" = r."PENDING" + excluded."PENDING";
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_counts_squeue_delete')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${counts} ("SQUEUE") SELECT -count(*) FROM old_rows HAVING count(*) > 0;
      UPDATE ${t('replica_status')} AS r SET "PENDING" = r."PENDING" - d.n
      FROM (SELECT "MID", count(*) AS n FROM old_rows GROUP BY "MID") d
      WHERE r."MID" = d."MID";
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_counts_squeue_truncate')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${counts} ("SQUEUE") SELECT -coalesce(sum("SQUEUE"), 0) FROM ${counts};
      UPDATE ${t('replica_status')} SET "PENDING" = 0 WHERE "PENDING" <> 0;
      RETURN NULL;
    END $$;
    CREATE TRIGGER replica_counts_insert AFTER INSERT ON ${t('squeue')}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('replica_counts_squeue_insert')}();
    CREATE TRIGGER replica_counts_delete AFTER DELETE ON ${t('squeue')}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('replica_counts_squeue_delete')}();
    CREATE TRIGGER replica_counts_truncate AFTER TRUNCATE ON ${t('squeue')}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn('replica_counts_squeue_truncate')}();
  `.execute(db);

  // replica_status: the devices in each colour, from the PENDING before and after.
  const colours = (rows: string, sign: number) => sql`
    SELECT ${sql.lit(sign)} * count(*) FILTER (WHERE "PENDING" BETWEEN 1 AND 99) AS g,
           ${sql.lit(sign)} * count(*) FILTER (WHERE "PENDING" BETWEEN 100 AND 1000) AS y,
           ${sql.lit(sign)} * count(*) FILTER (WHERE "PENDING" > 1000) AS r
    FROM ${sql.raw(rows)}`;
  const colourDelta = (parts: ReturnType<typeof colours>[]) => sql`
    INSERT INTO ${counts} ("GREEN", "YELLOW", "RED")
    SELECT sum(g), sum(y), sum(r) FROM (${sql.join(parts, sql` UNION ALL `)}) d
    HAVING sum(g) <> 0 OR sum(y) <> 0 OR sum(r) <> 0;`;
  await sql`
    CREATE FUNCTION ${fn('replica_colours_insert')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${colourDelta([colours('new_rows', 1)])}
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_colours_update')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${colourDelta([colours('new_rows', 1), colours('old_rows', -1)])}
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_colours_delete')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${colourDelta([colours('old_rows', -1)])}
      RETURN NULL;
    END $$;
    CREATE TRIGGER replica_colours_insert AFTER INSERT ON ${t('replica_status')}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('replica_colours_insert')}();
    CREATE TRIGGER replica_colours_update AFTER UPDATE ON ${t('replica_status')}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('replica_colours_update')}();
    CREATE TRIGGER replica_colours_delete AFTER DELETE ON ${t('replica_status')}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('replica_colours_delete')}();
  `.execute(db);

  // devices: those never synchronised. A device's first sync is one row-level firing (WHEN
  // filters the rest of the check-ins out before any function runs).
  await sql`
    CREATE FUNCTION ${fn('replica_never_insert')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${counts} ("NOREPLICATE")
      SELECT count(*) FROM new_rows WHERE "SINCRONISMO" IS NULL HAVING count(*) > 0;
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_never_delete')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${counts} ("NOREPLICATE")
      SELECT -count(*) FROM old_rows WHERE "SINCRONISMO" IS NULL HAVING count(*) > 0;
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_never_update')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${counts} ("NOREPLICATE")
      VALUES (CASE WHEN NEW."SINCRONISMO" IS NULL THEN 1 ELSE -1 END);
      RETURN NULL;
    END $$;
    CREATE FUNCTION ${fn('replica_never_truncate')}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${counts} ("NOREPLICATE") SELECT -coalesce(sum("NOREPLICATE"), 0) FROM ${counts};
      RETURN NULL;
    END $$;
    CREATE TRIGGER replica_never_insert AFTER INSERT ON ${t('devices')}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('replica_never_insert')}();
    CREATE TRIGGER replica_never_delete AFTER DELETE ON ${t('devices')}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION ${fn('replica_never_delete')}();
    CREATE TRIGGER replica_never_update AFTER UPDATE OF "SINCRONISMO" ON ${t('devices')}
      FOR EACH ROW WHEN ((OLD."SINCRONISMO" IS NULL) <> (NEW."SINCRONISMO" IS NULL))
      EXECUTE FUNCTION ${fn('replica_never_update')}();
    CREATE TRIGGER replica_never_truncate AFTER TRUNCATE ON ${t('devices')}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn('replica_never_truncate')}();
  `.execute(db);
}
