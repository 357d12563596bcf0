import { sql, type Kysely } from 'kysely';

// Frozen in time. The system databases of the table browser (001 §2 "Database tables screen";
// docs/data-tools.md, "System sources"): one schema per project and source, owned by the
// application, holding read-only views of what the project's company may see, the company (or
// the project) baked into each view. The project's own role gets USAGE on the schemas and
// SELECT on the views (server/tables/sources.ts, at first use: its name is not known here) and
// nothing else: the views read core and the queues with the application's rights, so they are
// security barriers, and the role can neither change them nor create anything beside them.
// - IDS: the company's users and identity clients, without password hashes or client secrets;
// - manager: the company's projects (with their licences) and environments;
// - replicator: the project's queues, replica status and device error logs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const company = sql.raw(`(SELECT company_id FROM core.projects WHERE schema_name = '${schema}')`);
  const view = (source: string, name: string) => sql.id(`${schema}_${source}`, name);
  const own = (table: string) => sql.id(schema, table);
  for (const source of ['ids', 'manager', 'replicator']) {
    await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(`${schema}_${source}`)}`.execute(db);
  }
  await sql`
    CREATE OR REPLACE VIEW ${view('ids', 'users')} WITH (security_barrier) AS
      SELECT id, login, email, role, rights, twofactor, language, active, locked_until, created_at
      FROM core.users WHERE company_id = ${company};
    CREATE OR REPLACE VIEW ${view('ids', 'identity_clients')} WITH (security_barrier) AS
      SELECT clientid, type, name, rights, redirect_uris, created_login, created_at
      FROM core.identity_clients WHERE company_id = ${company};
    CREATE OR REPLACE VIEW ${view('manager', 'projects')} WITH (security_barrier) AS
      SELECT numero, pid, name, dbname, project_type, licences, environment_id, deleted,
             datedeleted, created_at
      FROM core.projects WHERE company_id = ${company};
    CREATE OR REPLACE VIEW ${view('manager', 'environments')} WITH (security_barrier) AS
      SELECT id, name, url_manager, url_authority, system, max_licences, datemask, created_at
      FROM core.environments WHERE company_id = ${company};
    CREATE OR REPLACE VIEW ${view('replicator', 'queue')} AS
      SELECT "ID", "MID", "OPID", "TIMESTAMP", "RECEIVED", "TABLENAME", "OPERATION", "TARGET",
             "CGSSQL"
      FROM ${own('queue')};
    CREATE OR REPLACE VIEW ${view('replicator', 'iqueue')} AS
      SELECT "ID", "MID", "OPID", "TIMESTAMP", "APPLIED", "TABLENAME", "OPERATION", "TARGET",
             "CGSSQL"
      FROM ${own('iqueue')};
    CREATE OR REPLACE VIEW ${view('replicator', 'squeue')} AS
      SELECT "ID", "MID", "IQID" FROM ${own('squeue')};
    CREATE OR REPLACE VIEW ${view('replicator', 'replica_status')} AS
      SELECT d."MID", d."SINCRONISMO", coalesce(r."LASTID", 0) AS "LASTID",
             coalesce(r."LASTDMID", 0) AS "LASTDMID", coalesce(r."LASTCID", 0) AS "LASTCID"
      FROM ${own('devices')} d LEFT JOIN ${own('replica_status')} r ON r."MID" = d."MID";
    CREATE OR REPLACE VIEW ${view('replicator', 'error_logs')} AS
      SELECT "ID", "MID", "TIMESTAMP", "CGSSQL", "DESCRIPTION" FROM ${own('device_errors')};
  `.execute(db);
}
