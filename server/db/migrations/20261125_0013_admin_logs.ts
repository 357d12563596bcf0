import { sql, type Kysely } from 'kysely';

// Frozen in time. The actions log keeps where a write came from (the caller's address), and the
// server keeps its own log lines of what happened to the company's projects and devices
// (/app/logs): enrolments, disabled devices, failed commands, purges, errors. Both are read
// newest first within a company.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.actions_log ADD COLUMN address text;
    CREATE TABLE core.server_log (
      id bigserial PRIMARY KEY,
      company_id integer REFERENCES core.companies (id) ON DELETE CASCADE,
      numero integer,
      mid text,
      level text NOT NULL,
      event text NOT NULL,
      detail jsonb,
      at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX server_log_company_at_idx ON core.server_log (company_id, at DESC);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP TABLE core.server_log;
    ALTER TABLE core.actions_log DROP COLUMN address;
  `.execute(db);
}
