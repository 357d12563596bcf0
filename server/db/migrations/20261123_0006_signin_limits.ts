import { sql, type Kysely } from 'kysely';

// Frozen in time. Sign-in rate limits (docs/identity.md, "Rate limits"): one row per bucket
// (`account:<lower(login)>`, `address:<client address or IPv6 /64>`) counting the password and
// code attempts of its current fixed window. In PostgreSQL, so every server node counts the same
// attempts; rows whose window has ended are purged hourly.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE core.signin_limits (
      bucket text PRIMARY KEY,
      window_started timestamptz NOT NULL DEFAULT now(),
      hits integer NOT NULL DEFAULT 0
    );
    CREATE INDEX signin_limits_window_idx ON core.signin_limits (window_started);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE core.signin_limits`.execute(db);
}
