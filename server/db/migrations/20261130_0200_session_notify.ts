import { sql, type Kysely } from 'kysely';

// Frozen in time. Every authenticated call reads the user, their company and the token's
// registered client (with its project); each node keeps those rows and forgets them when they
// change (docs/decisions.md, "The session user's cache, forgotten by PostgreSQL"). A write of
// one of those tables, by any node or by hand, notifies `flota_sessions` with the table's name
// once per statement; PostgreSQL delivers it after the commit, once per transaction and payload.
// pg_notify needs no privilege: the function runs as whoever writes (the application's role, or
// an administrator by hand).
// An UPDATE notifies only when it sets a column the session reads: a sign-in's failure count,
// a password, a project's licences do not empty every node's cache.
const READ_COLUMNS: Record<string, string[]> = {
  users: [
    'id',
    'company_id',
    'login',
    'email',
    'role',
    'rights',
    'twofactor',
    'language',
    'active',
  ],
  companies: ['id', 'name', 'tier', 'active'],
  identity_clients: ['clientid', 'type', 'company_id', 'created_by', 'rights', 'numero'],
  projects: ['numero', 'pid'],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION core.session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('flota_sessions', TG_TABLE_NAME);
      RETURN NULL;
    END $$;
  `.execute(db);
  for (const [table, columns] of Object.entries(READ_COLUMNS)) {
    await sql`
      CREATE TRIGGER session_notify
        AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF ${sql.join(columns.map((c) => sql.id(c)))}
        ON ${sql.id('core', table)}
        FOR EACH STATEMENT EXECUTE FUNCTION core.session_notify();
    `.execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(READ_COLUMNS)) {
    await sql`DROP TRIGGER IF EXISTS session_notify ON ${sql.id('core', table)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS core.session_notify()`.execute(db);
}
