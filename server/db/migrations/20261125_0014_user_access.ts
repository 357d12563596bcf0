import { sql, type Kysely } from 'kysely';

// Frozen in time. Access trees per user (002 §3 lstPermissions, §6): a user's menu trees by
// environment and permission type (3 cloud portal, 6 manager), kept as JSON of show, write and
// nodes. A user's project trees are their shares (core.project_shares.access).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE core.user_access (
      user_id integer NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
      environment_id integer NOT NULL REFERENCES core.environments (id) ON DELETE CASCADE,
      type smallint NOT NULL CHECK (type BETWEEN 1 AND 6),
      access jsonb NOT NULL,
      updated_by integer REFERENCES core.users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, environment_id, type)
    );
    CREATE INDEX user_access_environment_idx ON core.user_access (environment_id);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE core.user_access;`.execute(db);
}
