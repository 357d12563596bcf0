import { sql, type Kysely } from 'kysely';
import { keepForApplication } from './application-only';

// Frozen in time. Saved reports (001 §2 "Reports", §3 Report; issue 16 part 4; docs/decisions.md,
// "Reports (issue 16, part 4)"). CODE is the private flag: a private report is its OWNER's alone
// (a core.users id). The reports are the application's, not the project's SQL's: the project's
// role (docs/security.md) gets no right on them, or a report's SQL could read other people's
// private reports or rewrite the SQL they run. The schema's default privileges grant the role
// every new table, so this revokes what they just gave, whichever role that is.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE TABLE ${t('reports')} (
      "ID" serial PRIMARY KEY,
      "TITLE" text NOT NULL,
      "CODE" boolean NOT NULL DEFAULT false,
      "SQL" text NOT NULL,
      "TYPE" text NOT NULL DEFAULT '1',
      "OWNER" integer NOT NULL,
      "CREATED" timestamptz NOT NULL DEFAULT now(),
      "MODIFIED" timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX reports_title_idx ON ${t('reports')} (lower("TITLE"), "ID");
  `.execute(db);
  await keepForApplication(db, schema, ['reports', 'reports_ID_seq']);
}
