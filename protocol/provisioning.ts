import { z } from 'zod';

/**
 * Device provisioning (001 §2 "Provisioning submenu", §3 Provision task and log, §4, §7
 * provisioningDevice and deviceProvisionTask; 000 §4 "Provision status", §7 the six keys):
 * shared by the console, the server and the simulator. docs/device-protocol.md "Provisioning".
 */

/** The keys of provisioningDevice (000 §7), spelled as the specification spells them. */
export const PROVISION_KEYS = [
  'provInstall',
  'provConfigaration',
  'provDatabase',
  'provDatabaseSafe',
  'provSendMailInstall',
  'provDeleteDatabaseSafe',
] as const;
export type ProvisionKey = (typeof PROVISION_KEYS)[number];

/** What a task orders the device to do. */
export const PROVISION_KINDS = [
  'install',
  'config',
  'database',
  'databaseSafe',
  'deleteSafe',
] as const;
export type ProvisionKind = (typeof PROVISION_KINDS)[number];

/** The task each key creates (the install mail creates none). */
export const KIND_OF_KEY: Record<ProvisionKey, ProvisionKind | null> = {
  provInstall: 'install',
  provConfigaration: 'config',
  provDatabase: 'database',
  provDatabaseSafe: 'databaseSafe',
  provSendMailInstall: null,
  provDeleteDatabaseSafe: 'deleteSafe',
};

/**
 * The device permission flag of each key (001 §6): provisioning.update installs,
 * provisioning.config configures, provisioning.db does the rest.
 */
export const FLAG_OF_KEY = {
  provInstall: 'provisioningUpdate',
  provConfigaration: 'provisioningConfig',
  provDatabase: 'provisioningDb',
  provDatabaseSafe: 'provisioningDb',
  provSendMailInstall: 'provisioningDb',
  provDeleteDatabaseSafe: 'provisioningDb',
} as const satisfies Record<ProvisionKey, string>;
export type ProvisionFlag = (typeof FLAG_OF_KEY)[ProvisionKey];

/** A task's STATUS (the Provision tab shows its label). */
export const TaskStatus = {
  waiting: 0,
  running: 1,
  done: 2,
  failed: 3,
  cancelled: 4,
} as const;
export type TaskStatusCode = (typeof TaskStatus)[keyof typeof TaskStatus];
export const OPEN_TASK_STATUSES = [TaskStatus.waiting, TaskStatus.running] as const;

/**
 * A device's answer to provisioningDevice (001 §4, 000 §4): -1 a secure database existed and
 * its deletion was ordered; 0 a task of that kind was already waiting (not started: no new one);
 * 1 one is running (no new one); 2 nothing was pending: a new task was created (or the mail sent).
 */
export const ProvisionResult = {
  deleted: -1,
  notStarted: 0,
  running: 1,
  nothingPending: 2,
} as const;

/** One row of provisioningDevice's device list (001 §7); only MID is required. */
export const provisionDeviceSchema = z.object({
  ID: z.number().int().optional(),
  MID: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9._:-]+$/),
  LIC: z.string().max(200).nullish(),
  DEVICE_TYPE: z.string().max(100).nullish(),
  MODEL: z.string().max(100).nullish(),
  EMAIL: z.string().max(254).nullish(),
  versionPublish: z.unknown().optional(),
});

/** Most devices one provisioningDevice call names. */
export const MAX_PROVISION_DEVICES = 5000;

export interface ProvisionDeviceResult {
  MID: string;
  STATUS: number;
  /** The task created or found; null for the mail. */
  task: number | null;
}

export interface ProvisionAnswer {
  key: ProvisionKey;
  devices: ProvisionDeviceResult[];
  /** The install mail: messages sent, and devices without an address. */
  sent?: number;
  withoutEmail?: string[];
}

/** A task as the Provision tab lists it (001 §3). */
export interface ProvisionTaskRow {
  ID: number;
  KIND: ProvisionKind;
  STARTED: string | null;
  ENDED: string | null;
  STATUS: number;
  USERDATA: string | null;
}

/** A line of a task's log (001 §3). */
export interface ProvisionLogRow {
  ID: number;
  LOGCREATED: string;
  LOGTYPE: 'info' | 'warning' | 'error';
  LOGMESSAGE: string;
}

// ---- The device side (docs/device-protocol.md "Provisioning") ----

/** A task waiting for the device: told by the check-in and `GET /provision`. */
export interface DeviceProvision {
  id: number;
  kind: ProvisionKind;
  /** A secure database: keep it encrypted at rest, delete it when a deleteSafe task says so. */
  secure: boolean;
}

export interface DeviceProvisionsResponse {
  provisions: DeviceProvision[];
}

const taskId = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** `POST /provision/download`: the database copy of a database task. */
export const provisionDownloadSchema = z.object({ id: taskId });

/** `POST /provision/confirm`: the task's outcome on the device. */
export const provisionConfirmSchema = z.object({
  id: taskId,
  ok: z.boolean(),
  error: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .regex(/^[^\0]*$/, 'must not contain NUL')
    .optional(),
});
export type ProvisionConfirm = z.infer<typeof provisionConfirmSchema>;

export interface ProvisionConfirmResponse {
  /** false when the task was not open any more (a repeated confirm). */
  recorded: boolean;
}

/**
 * The database copy, gzip-compressed NDJSON: a first line `{"cut": <IQUEUE id>, "tables": n}`,
 * then per table `{"table": name, "key": [columns]}` followed by one line per row (an object of
 * its columns).
 */
export type ProvisionHeader = { cut: number; tables: number; secure: boolean };
export type ProvisionTableLine = { table: string; key: string[]; rows: number };
