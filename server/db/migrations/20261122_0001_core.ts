import { sql, type Kysely } from 'kysely';

// Frozen in time: a migration never imports application code.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS core`.execute(db);
  await sql`
    CREATE TABLE core.companies (
      id serial PRIMARY KEY,
      name text NOT NULL UNIQUE,
      tier text,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE core.users (
      id serial PRIMARY KEY,
      company_id integer REFERENCES core.companies (id) ON DELETE CASCADE,
      login text NOT NULL,
      email text NOT NULL,
      password_hash text NOT NULL,
      role text NOT NULL,
      rights text NOT NULL DEFAULT '',
      twofactor boolean NOT NULL DEFAULT false,
      language text NOT NULL DEFAULT 'es',
      active boolean NOT NULL DEFAULT true,
      failed_logins integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_login_key ON core.users (lower(login));
    CREATE INDEX users_company_idx ON core.users (company_id);
    CREATE TABLE core.environments (
      id serial PRIMARY KEY,
      company_id integer REFERENCES core.companies (id) ON DELETE CASCADE,
      name text NOT NULL,
      url_manager text NOT NULL,
      url_authority text NOT NULL,
      system boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE core.projects (
      numero serial PRIMARY KEY,
      pid text NOT NULL UNIQUE,
      company_id integer NOT NULL REFERENCES core.companies (id) ON DELETE CASCADE,
      owner_id integer NOT NULL REFERENCES core.users (id),
      environment_id integer NOT NULL REFERENCES core.environments (id),
      name text NOT NULL,
      schema_name text NOT NULL UNIQUE,
      licences integer NOT NULL DEFAULT 0,
      deleted boolean NOT NULL DEFAULT false,
      datedeleted timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX projects_company_name_key ON core.projects (company_id, lower(name));
    CREATE TABLE core.ui_state (
      user_id integer PRIMARY KEY REFERENCES core.users (id) ON DELETE CASCADE,
      state text,
      serverid text,
      currentdb text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE core.notifications (
      id serial PRIMARY KEY,
      company_id integer REFERENCES core.companies (id) ON DELETE CASCADE,
      user_id integer REFERENCES core.users (id) ON DELETE CASCADE,
      title text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      read_at timestamptz
    );
    CREATE INDEX notifications_recipient_idx ON core.notifications (company_id, user_id, created_at DESC);
    CREATE TABLE core.actions_log (
      id bigserial PRIMARY KEY,
      company_id integer REFERENCES core.companies (id) ON DELETE CASCADE,
      user_id integer REFERENCES core.users (id) ON DELETE SET NULL,
      login text,
      action text NOT NULL,
      detail jsonb,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX actions_log_company_at_idx ON core.actions_log (company_id, at DESC);
    CREATE TABLE core.outbox (
      id serial PRIMARY KEY,
      to_address text NOT NULL,
      subject text NOT NULL,
      body text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );
    CREATE TABLE core.oidc_payloads (
      model text NOT NULL,
      id text NOT NULL,
      payload jsonb NOT NULL,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      PRIMARY KEY (model, id)
    );
    CREATE INDEX oidc_payloads_grant_idx ON core.oidc_payloads (grant_id);
    CREATE INDEX oidc_payloads_uid_idx ON core.oidc_payloads (uid);
    CREATE INDEX oidc_payloads_expires_idx ON core.oidc_payloads (expires_at);
    CREATE TABLE core.secrets (
      name text PRIMARY KEY,
      value jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE core.login_codes (
      user_id integer PRIMARY KEY REFERENCES core.users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0
    );
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP SCHEMA core CASCADE`.execute(db);
}
