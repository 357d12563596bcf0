import { sql, type Kysely } from 'kysely';

// Frozen in time. Server nodes' heartbeats (docs/operations.md, "Faults"): each node refreshes
// its row every second and a half; a node whose row is older than a few seconds is dead, and any
// node takes its devices offline, so commands to them answer 'offline' instead of 'sent'.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE core.nodes (
      node text PRIMARY KEY,
      started_at timestamptz NOT NULL DEFAULT now(),
      beat_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX device_directory_node_idx ON core.device_directory (node) WHERE online;
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    DROP INDEX core.device_directory_node_idx;
    DROP TABLE core.nodes;
  `.execute(db);
}
