import { sql, type Kysely } from 'kysely';

// Frozen in time: the migrations that call it run it as it was. Takes back every right on
// `relations` from whoever is not their owner: the schema's default privileges grant the
// project's role (docs/security.md) every new table, and these stay the application's alone
// (server/db/sandbox.ts, APPLICATION_ONLY).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function keepForApplication(db: Kysely<any>, schema: string, relations: string[]) {
  for (const relation of relations) {
    const grantees = await sql<{ role: string }>`
      SELECT DISTINCT a.grantee::regrole::text AS role
      FROM pg_class c, aclexplode(c.relacl) a
      WHERE c.oid = to_regclass(${`${schema}."${relation}"`}) AND a.grantee <> c.relowner
        AND a.grantee <> 0
    `.execute(db);
    for (const { role } of grantees.rows) {
      await sql`REVOKE ALL ON ${sql.id(schema, relation)} FROM ${sql.raw(role)}`.execute(db);
    }
  }
}
