import { sql, type Kysely } from 'kysely';

// Frozen in time. The company's own data (002 §3 Company: Name, Web, Address, Phone), its signing
// certificates with the companies they are shared with, and the identity clients its
// administrators register in the embedded provider (002 §7). Secrets (a certificate's passwords,
// an API client's secret) are kept only encrypted (server/secrets/box.ts); a certificate's file
// is in the file store, encrypted too.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.companies
      ADD COLUMN web text NOT NULL DEFAULT '',
      ADD COLUMN address text NOT NULL DEFAULT '',
      ADD COLUMN phone text NOT NULL DEFAULT '';
    CREATE TABLE core.certificates (
      id serial PRIMARY KEY,
      company_id integer NOT NULL REFERENCES core.companies (id) ON DELETE CASCADE,
      name text NOT NULL,
      plat smallint NOT NULL,
      type text NOT NULL,
      file_name text NOT NULL,
      file_key text NOT NULL,
      certname text NOT NULL DEFAULT '',
      teamid text NOT NULL DEFAULT '',
      sealed text NOT NULL,
      expires_at timestamptz,
      uploaded_by integer REFERENCES core.users (id) ON DELETE SET NULL,
      uploaded_login text,
      uploaded_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (company_id, name)
    );
    CREATE TABLE core.certificate_shares (
      certificate_id integer NOT NULL REFERENCES core.certificates (id) ON DELETE CASCADE,
      company_id integer NOT NULL REFERENCES core.companies (id) ON DELETE CASCADE,
      PRIMARY KEY (certificate_id, company_id)
    );
    CREATE INDEX certificate_shares_company_idx ON core.certificate_shares (company_id);
    CREATE TABLE core.identity_clients (
      clientid text PRIMARY KEY,
      company_id integer NOT NULL REFERENCES core.companies (id) ON DELETE CASCADE,
      type text NOT NULL,
      name text NOT NULL,
      rights text NOT NULL DEFAULT '',
      redirect_uris text[] NOT NULL DEFAULT '{}',
      sealed_secret text,
      created_by integer NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
      created_login text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX identity_clients_company_idx ON core.identity_clients (company_id, created_at);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE core.identity_clients;
    DROP TABLE core.certificate_shares;
    DROP TABLE core.certificates;
    ALTER TABLE core.companies DROP COLUMN web, DROP COLUMN address, DROP COLUMN phone;
  `.execute(db);
}
