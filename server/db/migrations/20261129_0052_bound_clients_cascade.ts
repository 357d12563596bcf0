import { sql, type Kysely } from 'kysely';

// Frozen in time. A client bound to a project (002 §3 Client: dbid, pid) reaches that project
// only; when the project is purged the client goes with it, rather than losing its binding and
// reaching every project of its creator (docs/identity.md, "Clients bound to a project").
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.identity_clients
      DROP CONSTRAINT IF EXISTS identity_clients_numero_fkey,
      ADD CONSTRAINT identity_clients_numero_fkey FOREIGN KEY (numero)
        REFERENCES core.projects (numero) ON DELETE CASCADE;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.identity_clients
      DROP CONSTRAINT IF EXISTS identity_clients_numero_fkey,
      ADD CONSTRAINT identity_clients_numero_fkey FOREIGN KEY (numero)
        REFERENCES core.projects (numero) ON DELETE SET NULL;
  `.execute(db);
}
