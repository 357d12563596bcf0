import { sql, type Kysely } from 'kysely';

// Frozen in time. Notifications the system writes name a text (`text_key`, with `vars`) that the
// server writes in the reader's language when listed; `title` and `body` stay as the Spanish
// text, for notifications written by a person and for readers of the table. The demo's welcome
// notification, written before, gets its key.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.notifications ADD COLUMN text_key text, ADD COLUMN vars jsonb;
    UPDATE core.notifications SET text_key = 'welcome' WHERE title = 'Bienvenido a Flota';
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE core.notifications DROP COLUMN text_key, DROP COLUMN vars`.execute(db);
}
