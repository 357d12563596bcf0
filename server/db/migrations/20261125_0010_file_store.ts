import { sql, type Kysely } from 'kysely';

// Frozen in time. The file store every server node reaches (FILE_STORE=postgres,
// docs/operations.md, "The file store"): a file is a row of core.files, named by its key once all
// of it is written (NULL until then), and its bytes are rows of core.file_chunks of 256 KiB in
// order of seq. Keys compare byte by byte (COLLATE "C"), so a key prefix is a range of the index.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE core.files (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key text COLLATE "C" UNIQUE,
      size bigint NOT NULL DEFAULT 0,
      modified timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX files_unnamed_idx ON core.files (modified) WHERE key IS NULL;
    CREATE TABLE core.file_chunks (
      file_id bigint NOT NULL REFERENCES core.files(id) ON DELETE CASCADE,
      seq integer NOT NULL,
      data bytea NOT NULL,
      PRIMARY KEY (file_id, seq)
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE core.file_chunks;
    DROP TABLE core.files;
  `.execute(db);
}
