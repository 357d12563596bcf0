import { sql, type Kysely } from 'kysely';

// Frozen in time. The queue of commands waiting for offline devices (docs/device-protocol.md,
// "Queued commands"): one row per command, from its sending until its device acknowledges it
// (at least once), it is cancelled or it expires. Kept apart from the projects' command
// histories, which stay free of an index on STATE: a device connecting reads its rows by the
// primary key (mid, id), in order; the expiry sweep reads them by expires_at. A row names its
// history row (numero, id) and carries what is sent (cmd, params).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE core.command_queue (
      mid text NOT NULL,
      id bigint NOT NULL,
      numero integer NOT NULL REFERENCES core.projects (numero) ON DELETE CASCADE,
      cmd text NOT NULL,
      params jsonb NOT NULL,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (mid, id)
    );
    CREATE INDEX command_queue_expires_idx ON core.command_queue (expires_at);
    CREATE INDEX command_queue_numero_idx ON core.command_queue (numero, id);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE core.command_queue`.execute(db);
}
