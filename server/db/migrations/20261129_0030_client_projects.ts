import { sql, type Kysely } from 'kysely';

// Frozen in time. An identity client may be bound to one project (002 §3 Client: dbid, pid), as
// the specification's create call sends; the binding goes with the project.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.identity_clients
      ADD COLUMN numero integer REFERENCES core.projects (numero) ON DELETE SET NULL;
    CREATE INDEX identity_clients_numero_idx ON core.identity_clients (numero)
      WHERE numero IS NOT NULL;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE core.identity_clients DROP COLUMN numero`.execute(db);
}
