import { sql, type Kysely } from 'kysely';

// Frozen in time. Projects, environments and licences (000 §3, §4, §5; 002 §3, §6):
// - environments carry their licence pool (max_licences) and date mask; names are unique per company;
// - projects carry their database name, LDATA, type and last change; the database name is unique
//   per company like the project name;
// - project_shares: a project shared with a user, with the general permissions, the
//   per-environment permissions and the per-database access tree (jsonAccess);
// - project_recents: when each user last opened each project (recent projects, sorting);
// - project_publications: where a project was published (environment, the copy's number there).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE core.environments
      ADD COLUMN max_licences integer NOT NULL DEFAULT 0 CHECK (max_licences >= 0),
      ADD COLUMN datemask text NOT NULL DEFAULT 'dd/mm/yyyy';
    CREATE UNIQUE INDEX environments_company_name_key
      ON core.environments (company_id, lower(name));
    UPDATE core.environments e SET max_licences = GREATEST(1000, (
      SELECT coalesce(sum(p.licences), 0) FROM core.projects p WHERE p.environment_id = e.id
    )) WHERE e.system;

    ALTER TABLE core.projects
      ADD COLUMN dbname text,
      ADD COLUMN ldata text NOT NULL DEFAULT '',
      ADD COLUMN project_type text NOT NULL DEFAULT 'mam',
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
      ADD CONSTRAINT projects_licences_check CHECK (licences >= 0);
    UPDATE core.projects SET dbname = schema_name WHERE dbname IS NULL;
    ALTER TABLE core.projects ALTER COLUMN dbname SET NOT NULL;
    CREATE UNIQUE INDEX projects_company_dbname_key ON core.projects (company_id, lower(dbname));
    CREATE INDEX projects_environment_idx ON core.projects (environment_id);
    CREATE INDEX projects_purge_idx ON core.projects (datedeleted) WHERE deleted;

    CREATE TABLE core.project_shares (
      numero integer NOT NULL REFERENCES core.projects (numero) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
      permissions jsonb NOT NULL DEFAULT '{}',
      env_permissions jsonb NOT NULL DEFAULT '{}',
      access jsonb NOT NULL DEFAULT '[]',
      shared_by integer REFERENCES core.users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (numero, user_id)
    );
    CREATE INDEX project_shares_user_idx ON core.project_shares (user_id);

    CREATE TABLE core.project_recents (
      user_id integer NOT NULL REFERENCES core.users (id) ON DELETE CASCADE,
      numero integer NOT NULL REFERENCES core.projects (numero) ON DELETE CASCADE,
      last_access timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, numero)
    );
    CREATE INDEX project_recents_recent_idx ON core.project_recents (user_id, last_access DESC);

    CREATE TABLE core.project_publications (
      id serial PRIMARY KEY,
      numero integer NOT NULL REFERENCES core.projects (numero) ON DELETE CASCADE,
      environment_id integer NOT NULL REFERENCES core.environments (id) ON DELETE CASCADE,
      remote_numero integer,
      published_by integer REFERENCES core.users (id) ON DELETE SET NULL,
      published_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX project_publications_numero_idx ON core.project_publications (numero);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE core.project_publications;
    DROP TABLE core.project_recents;
    DROP TABLE core.project_shares;
    DROP INDEX core.projects_purge_idx;
    DROP INDEX core.projects_environment_idx;
    DROP INDEX core.projects_company_dbname_key;
    ALTER TABLE core.projects DROP CONSTRAINT projects_licences_check,
      DROP COLUMN updated_at, DROP COLUMN project_type, DROP COLUMN ldata, DROP COLUMN dbname;
    DROP INDEX core.environments_company_name_key;
    ALTER TABLE core.environments DROP COLUMN datemask, DROP COLUMN max_licences;
  `.execute(db);
}
