import { sql, type Kysely } from 'kysely';

// Frozen in time. QUEUE keeps the columns each operation sets (docs/replication.md,
// "Throughput"): the applier groups a batch by table, kind and column set, and listing a row's
// columns from its DATA (a sorted aggregate per row) was about a sixth of the applier's time.
// The sync that queues an operation writes them, sorted and comma-separated, '' for a delete;
// a row without them (queued before, or by hand) is still read from DATA.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  await sql`ALTER TABLE ${sql.id(schema, 'queue')} ADD COLUMN "COLUMNS" text`.execute(db);
}
