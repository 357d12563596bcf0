import { sql, type Kysely } from 'kysely';

// Frozen in time. A project's device groups (000 §2 "Group editor", §3 Group): a group names a
// set of devices of one platform and the company users who manage it (those of them who may
// publish updates to it flagged PUBLISH). A group's users are the company's users (core.users),
// which a project schema does not reference: a user deleted later is left out when read.
// device_provisioning holds one pending provisioning request per device (provigroup, and later
// the device list's provisioning tasks), until the device protocol hands it over.
// docs/decisions.md, "Groups (issue 14, part 5)".
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>, schema: string): Promise<void> {
  const t = (table: string) => sql.id(schema, table);
  await sql`
    CREATE TABLE ${t('groups')} (
      "ID" serial PRIMARY KEY,
      "NAME" text NOT NULL,
      "DESCRIPTION" text NOT NULL,
      "PLATFORM" text,
      "SYNCED" timestamptz,
      "PROVISIONED" timestamptz,
      "CREATED" timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX groups_name_idx ON ${t('groups')} (lower("NAME"));
    CREATE TABLE ${t('group_devices')} (
      "IDGROUP" integer NOT NULL REFERENCES ${t('groups')} ("ID") ON DELETE CASCADE,
      "IDDEVICE" integer NOT NULL REFERENCES ${t('devices')} ("ID") ON DELETE CASCADE,
      PRIMARY KEY ("IDGROUP", "IDDEVICE")
    );
    CREATE INDEX group_devices_device_idx ON ${t('group_devices')} ("IDDEVICE");
    CREATE TABLE ${t('group_users')} (
      "IDGROUP" integer NOT NULL REFERENCES ${t('groups')} ("ID") ON DELETE CASCADE,
      "IDUSER" integer NOT NULL,
      "PUBLISH" boolean NOT NULL DEFAULT false,
      PRIMARY KEY ("IDGROUP", "IDUSER")
    );
    CREATE TABLE ${t('device_provisioning')} (
      "MID" text PRIMARY KEY REFERENCES ${t('devices')} ("MID") ON DELETE CASCADE ON UPDATE CASCADE,
      "TASK" text NOT NULL,
      "IDGROUP" integer REFERENCES ${t('groups')} ("ID") ON DELETE SET NULL,
      "MODEL" text,
      "REQUESTED" timestamptz NOT NULL DEFAULT now(),
      "REQUESTED_BY" text
    );
  `.execute(db);
}
