import { sql, type Kysely } from 'kysely';

// Frozen in time. Resource overrides saved from the console (docs/resources.md, "Changing a
// resource live"): every save is a new version of one scope — the defaults for every company
// (company_id NULL, set by the top administrator), a company, or one project of a company — and
// the newest version of a scope is the one in force. A NULL override removes that scope's layer.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE core.resource_overrides (
      id bigserial PRIMARY KEY,
      company_id integer REFERENCES core.companies(id) ON DELETE CASCADE,
      numero integer,
      resource text NOT NULL,
      version integer NOT NULL,
      override jsonb,
      reverted_from integer,
      saved_by integer,
      saved_login text,
      saved_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX resource_overrides_scope_version_idx
      ON core.resource_overrides (coalesce(company_id, 0), coalesce(numero, 0), resource, version);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE core.resource_overrides;`.execute(db);
}
