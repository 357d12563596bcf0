import { sql, type Kysely } from 'kysely';

// Frozen in time. The device directory (MID → project, credential, presence) and the projects'
// enrolment tokens: the core side of the device protocol (docs/device-protocol.md). Secrets are
// stored as sha256 hex digests only.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE core.device_directory (
      mid text PRIMARY KEY,
      numero integer NOT NULL REFERENCES core.projects (numero) ON DELETE CASCADE,
      credential_hash text NOT NULL,
      enrolled_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      last_seen timestamptz,
      online boolean NOT NULL DEFAULT false,
      node text,
      connected_at timestamptz
    );
    CREATE INDEX device_directory_numero_idx ON core.device_directory (numero);
    CREATE INDEX device_directory_online_idx ON core.device_directory (node) WHERE online;
    CREATE TABLE core.enrolment_tokens (
      id serial PRIMARY KEY,
      numero integer NOT NULL REFERENCES core.projects (numero) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
      uses integer NOT NULL DEFAULT 0,
      expires_at timestamptz,
      revoked_at timestamptz,
      created_by integer REFERENCES core.users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz
    );
    CREATE INDEX enrolment_tokens_numero_idx ON core.enrolment_tokens (numero);
  `.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE core.enrolment_tokens; DROP TABLE core.device_directory;`.execute(db);
}
