import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface CompanyTable {
  id: Generated<number>;
  name: string;
  tier: string | null;
  active: Generated<boolean>;
  created_at: Generated<Timestamp>;
  /** The company's data (002 §3 Company), edited in /app/organization (migration 0015). */
  web: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
}

/** A signing certificate of a company (migration 0015, server/services/organization/). */
export interface CertificateTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  /** 1 Android, 2 iOS (002 §9). */
  plat: number;
  /** `keystore` (Android .jks/.keystore) or `p12` (Apple). */
  type: string;
  file_name: string;
  /** Where its encrypted bytes are in the file store. */
  file_key: string;
  /** The keystore's alias (empty for a p12). */
  certname: string;
  teamid: string;
  /** The passwords, sealed with the secrets key (server/secrets/box.ts). */
  sealed: string;
  expires_at: Timestamp | null;
  uploaded_by: number | null;
  uploaded_login: string | null;
  uploaded_at: Generated<Timestamp>;
  /** The resource engine's (migration 20261130_0160): concurrency, custom fields, last change. */
  version: Generated<number>;
  custom: Generated<Json<Record<string, unknown>>>;
  updated_at: Generated<Timestamp>;
}

export interface CertificateShareTable {
  certificate_id: number;
  company_id: number;
}

/** A client of the embedded identity provider registered by a company (migration 0015). */
export interface IdentityClientTable {
  clientid: string;
  company_id: number;
  /** `api` (client credentials) or `login` (authorization code with PKCE). */
  type: string;
  name: string;
  /** An API client's rights: at most its creator's (ADMINISTRADOR or USUARIO). */
  rights: Generated<string>;
  redirect_uris: ColumnType<string[], string[] | undefined, string[]>;
  /** An API client's secret, sealed with the secrets key; null for a login client. */
  sealed_secret: string | null;
  /** The project it is bound to (002 §3 Client: dbid), or null. */
  numero: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number;
  created_login: string;
  created_at: Generated<Timestamp>;
  /** The resource engine's (migration 20261130_0150): concurrency, custom fields, last change. */
  version: Generated<number>;
  custom: Generated<Json<Record<string, unknown>>>;
  updated_at: Generated<Timestamp>;
}

export interface UserTable {
  id: Generated<number>;
  company_id: number | null;
  login: string;
  email: string;
  password_hash: string;
  role: string;
  rights: string;
  twofactor: Generated<boolean>;
  language: Generated<string>;
  active: Generated<boolean>;
  failed_logins: Generated<number>;
  locked_until: Timestamp | null;
  created_at: Generated<Timestamp>;
  /** The company's custom fields of its users (migration 0072, issue 34 point 7): JSON text in. */
  custom: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The resource engine's (migration 20261130_0180): concurrency, last change. */
  version: Generated<number>;
  updated_at: Generated<Timestamp>;
}

export interface EnvironmentTable {
  id: Generated<number>;
  company_id: number | null;
  name: string;
  url_manager: string;
  url_authority: string;
  system: Generated<boolean>;
  /** The environment's licence pool (the server licence of a system environment). */
  max_licences: Generated<number>;
  datemask: Generated<string>;
  created_at: Generated<Timestamp>;
  /** The resource engine's (migration 0050): optimistic concurrency, custom fields, last change. */
  version: Generated<number>;
  custom: Generated<Json<Record<string, unknown>>>;
  updated_at: Generated<Timestamp>;
}

export interface ProjectTable {
  numero: Generated<number>;
  pid: string;
  company_id: number;
  owner_id: number;
  environment_id: number;
  name: string;
  schema_name: string;
  licences: Generated<number>;
  deleted: Generated<boolean>;
  datedeleted: Timestamp | null;
  /** The database name given at creation (unique per company); the schema stays prj_<numero>. */
  dbname: string;
  /** The project's data definition (LDATA): SQL run in its schema at creation. */
  ldata: Generated<string>;
  project_type: Generated<string>;
  /** Set by default on insert (Timestamp's insert type allows leaving it out). */
  updated_at: Timestamp;
  created_at: Generated<Timestamp>;
}

export interface ProjectShareTable {
  numero: number;
  user_id: number;
  /** General permissions (ShareGeneralPermissions of protocol/projects.ts). */
  permissions: Json<Record<string, boolean>>;
  /** Per-environment permissions by environment id (ShareEnvironmentPermissions). */
  env_permissions: Json<Record<string, Record<string, boolean>>>;
  /** The per-database access tree (jsonAccess, protocol/access-tree.ts). */
  access: Json<unknown[]>;
  shared_by: number | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

export interface ProjectRecentTable {
  user_id: number;
  numero: number;
  last_access: Timestamp;
}

export interface ProjectPublicationTable {
  id: Generated<number>;
  numero: number;
  environment_id: number;
  remote_numero: number | null;
  published_by: number | null;
  published_at: Generated<Timestamp>;
}

export interface UiStateTable {
  user_id: number;
  state: string | null;
  serverid: string | null;
  currentdb: string | null;
  updated_at: Generated<Timestamp>;
}

export interface NotificationTable {
  id: Generated<number>;
  company_id: number | null;
  user_id: number | null;
  title: string;
  body: string;
  /** A system text, written in the reader's language (server/services/session/notification-texts.ts). */
  text_key: ColumnType<string | null, string | null | undefined, string | null>;
  vars: ColumnType<
    Record<string, string | number> | null,
    string | null | undefined,
    string | null
  >;
  created_at: Generated<Timestamp>;
  read_at: Timestamp | null;
}

export interface ActionLogTable {
  id: Generated<string>;
  company_id: number | null;
  user_id: number | null;
  login: string | null;
  action: string;
  detail: Json<Record<string, unknown>> | null;
  at: Generated<Timestamp>;
  /** The caller's address (the request's client IP); null for what the server did itself. */
  address: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The server's own log lines about a company's projects and devices (/app/logs). */
export interface ServerLogTable {
  id: Generated<string>;
  company_id: number | null;
  numero: number | null;
  mid: string | null;
  level: string;
  event: string;
  detail: Json<Record<string, unknown>> | null;
  at: Generated<Timestamp>;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body: string;
  created_at: Generated<Timestamp>;
  sent_at: Timestamp | null;
  /** The files it carries (a bot's report), content in base64. */
  attachments: Json<MailAttachment[]> | null;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: Json<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface SecretTable {
  name: string;
  value: Json<unknown>;
  created_at: Generated<Timestamp>;
}

export interface LoginCodeTable {
  user_id: number;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
}

/** Sign-in attempts of one rate-limit bucket in its current window (server/identity/limits.ts). */
export interface SigninLimitTable {
  bucket: string;
  window_started: Generated<Timestamp>;
  hits: Generated<number>;
}

export interface DeviceDirectoryTable {
  mid: string;
  numero: number;
  credential_hash: string;
  enrolled_at: Generated<Timestamp>;
  revoked_at: Timestamp | null;
  last_seen: Timestamp | null;
  online: Generated<boolean>;
  /** The server node holding the device's WebSocket while online. */
  node: string | null;
  connected_at: Timestamp | null;
}

export interface EnrolmentTokenTable {
  id: Generated<number>;
  numero: number;
  token_hash: string;
  /** null: any number of devices until it expires or is revoked. */
  max_uses: number | null;
  uses: Generated<number>;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  created_by: number | null;
  created_at: Generated<Timestamp>;
  last_used_at: Timestamp | null;
}

/** An entity an operator created live (migration 0022, server/engine/custom/). */
export interface CustomEntityTable {
  id: Generated<number>;
  company_id: number;
  name: string;
  table: string;
  scope: Generated<string>;
  title: unknown;
  fields: unknown;
  permissions: unknown;
  menu: unknown;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  deleted_at: Date | null;
}

/** A field an operator added live to a resource (migration 0022, server/engine/custom/). */
export interface CustomFieldTable {
  id: Generated<number>;
  company_id: number;
  resource: string;
  name: string;
  field: unknown;
  version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** One write of the resource engine (migration 0019, server/engine/revisions-write.ts). */
/** Who created a bot (its actions run with their rights) and when it last ran (server/bots/). */
export interface BotStateTable {
  bot_id: number;
  /** Null once that user is deleted: the bot's runs are then refused. */
  user_id: number | null;
  last_run_at: Timestamp | null;
  /** The key its webhook requests are signed with (server/bots/webhook.ts). */
  secret: string | null;
}

/** One run of a bot (server/bots/run.ts). */
export interface BotRunTable {
  id: Generated<number>;
  company_id: number;
  bot_id: number;
  bot_name: string;
  project: number;
  /** Timestamp's insert type takes undefined: the database's now(). */
  started_at: Timestamp;
  /** done, nothing, refused or failed (protocol/bots.ts). */
  outcome: string;
  devices: number;
  /** The first devices it fired on, by MID, comma-separated. */
  mids: string;
  detail: string;
}

/** A device a bot fired on, and when (once per offline spell, a battery once a day). */
export interface BotHitTable {
  bot_id: number;
  mid: string;
  at: Timestamp;
}

export interface RevisionTable {
  id: Generated<number>;
  company_id: number | null;
  resource: string;
  /** The record's key, as text. */
  record: string;
  /** create, edit or delete. */
  action: string;
  user_id: number | null;
  login: string | null;
  /** console, rest, api-client or device. */
  channel: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  /** Timestamp's insert type takes undefined: the database's now(). */
  at: Timestamp;
}

/** One saved version of a scope's resource override (migration 0009, docs/resources.md). */
export interface ResourceOverrideTable {
  id: Generated<string>;
  /** null: the defaults for every company, set by the top administrator. */
  company_id: number | null;
  /** null: the whole company; a project's number: that project only. */
  numero: number | null;
  resource: string;
  version: number;
  /** null: this scope's layer removed. */
  override: Json<unknown> | null;
  /** The version this one restored, when it was a revert. */
  reverted_from: number | null;
  saved_by: number | null;
  saved_login: string | null;
  saved_at: Generated<Timestamp>;
}

/** A file of the postgres file store (migration 0010, server/files/postgres-store.ts). */
export interface FileTable {
  id: Generated<number>;
  /** null while the file is being written: no other call sees it. */
  key: string | null;
  size: Generated<number>;
  /** Set by default on insert (Timestamp's insert type allows leaving it out). */
  modified: Timestamp;
}

/** One piece of a stored file's bytes (CHUNK_BYTES, fewer in its last piece), in order of seq. */
export interface FileChunkTable {
  file_id: number;
  seq: number;
  data: Buffer;
}

/** The environments a user may work in (migration 0011, docs/users.md). */
export interface UserEnvironmentTable {
  user_id: number;
  environment_id: number;
}

/** A one-use link to set a password; only the token's hash is kept (migration 0011). */
export interface PasswordTokenTable {
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

/** A user's menu tree for an environment (002 §6 types 3 and 6; migration 0014). */
export interface UserAccessTable {
  user_id: number;
  environment_id: number;
  type: number;
  access: Json<unknown[]>;
  updated_by: number | null;
  updated_at: Generated<Timestamp>;
}

export interface Database {
  'core.companies': CompanyTable;
  'core.certificates': CertificateTable;
  'core.certificate_shares': CertificateShareTable;
  'core.identity_clients': IdentityClientTable;
  'core.users': UserTable;
  'core.user_access': UserAccessTable;
  'core.user_environments': UserEnvironmentTable;
  'core.password_tokens': PasswordTokenTable;
  'core.environments': EnvironmentTable;
  'core.projects': ProjectTable;
  'core.project_shares': ProjectShareTable;
  'core.project_recents': ProjectRecentTable;
  'core.project_publications': ProjectPublicationTable;
  'core.ui_state': UiStateTable;
  'core.notifications': NotificationTable;
  'core.actions_log': ActionLogTable;
  'core.server_log': ServerLogTable;
  'core.outbox': OutboxTable;
  'core.resource_overrides': ResourceOverrideTable;
  'core.revisions': RevisionTable;
  'core.custom_entities': CustomEntityTable;
  'core.custom_fields': CustomFieldTable;
  'core.bot_state': BotStateTable;
  'core.bot_runs': BotRunTable;
  'core.bot_hits': BotHitTable;
  'core.oidc_payloads': OidcPayloadTable;
  'core.secrets': SecretTable;
  'core.login_codes': LoginCodeTable;
  'core.signin_limits': SigninLimitTable;
  'core.device_directory': DeviceDirectoryTable;
  'core.enrolment_tokens': EnrolmentTokenTable;
  'core.files': FileTable;
  'core.file_chunks': FileChunkTable;
}
