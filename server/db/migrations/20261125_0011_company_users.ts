import { sql, type Kysely } from 'kysely';

// Frozen in time. Company user administration (/app/users, docs/users.md): the environments a
// user may work in (001 §2 "environments list"), and the one-use links that let a new user set
// their password (the e-mail sent when an administrator creates them). Only a hash of a link's
// token is kept.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE core.user_environments (
      user_id integer NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
      environment_id integer NOT NULL REFERENCES core.environments (id) ON DELETE CASCADE,
      PRIMARY KEY (user_id, environment_id)
    );
    CREATE TABLE core.password_tokens (
      token_hash text PRIMARY KEY,
      user_id integer NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_tokens_user_idx ON core.password_tokens (user_id);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE core.password_tokens;
    DROP TABLE core.user_environments;
  `.execute(db);
}
