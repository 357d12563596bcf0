import { sql, type Kysely } from 'kysely';

// Frozen in time. Every authenticated call reads the user, their company and the token's
// registered client (with its project); each node keeps those rows and forgets them when they
// change (docs/decisions.md, "The session user's cache"). A write of one of those tables, by any
// node or by hand, notifies `flota_sessions` with the table's name once per statement; PostgreSQL
// delivers it after the commit, once per transaction and payload. pg_notify needs no privilege:
// the function runs as whoever writes (the application's role, or an administrator by hand).
const TABLES = ['users', 'companies', 'identity_clients', 'projects'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION core.session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('flota_sessions', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
  `.execute(db);
  for (const table of TABLES) {
    await sql`
      CREATE TRIGGER session_notify
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.id('core', table)}
        FOR EACH STATEMENT EXECUTE FUNCTION core.session_notify();
    `.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    await sql`DROP TRIGGER IF EXISTS session_notify ON ${sql.id('core', table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS core.session_notify()`.execute(db);
}
