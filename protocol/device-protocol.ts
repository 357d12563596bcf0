import { z } from 'zod';
import { PLATFORMS } from './devices';
import type { DeviceProvision } from './provisioning';
import type { UpdateFile, UpdateType } from './updates';

/**
 * Device protocol v1 (docs/device-protocol.md): the shapes a device agent and the server
 * exchange, shared by the server and the simulator.
 */
export const DEVICE_API = '/api/device/v1';

/** A device identifier: letters, digits and `._:-` (IMEIs, serials, MAC addresses, UUIDs). */
export const midSchema = z
  .string()
  .min(4)
  .max(64)
  .regex(/^[A-Za-z0-9._:-]+$/, 'only letters, digits and . _ : -');

const text = (max: number) => z.string().trim().max(max);
const bytes = z
  .number()
  .int()
  .min(0)
  .max(2 ** 53);

/** Device information (specification 001 §3), plus the two storage totals its bars need. */
export const deviceInformationSchema = z.object({
  manufacturerName: text(100).optional(),
  modelName: text(100).optional(),
  os: text(50).optional(),
  osVersion: text(50).optional(),
  networkOperatorName: text(100).optional(),
  imei: text(32).optional(),
  imei2: text(32).optional(),
  deviceSerialNumber: text(64).optional(),
  iccid: text(32).optional(),
  iccid2: text(32).optional(),
  isRooted: z.boolean().optional(),
  isBatteryCharging: z.boolean().optional(),
  batteryLevel: z.number().min(0).max(100).optional(),
  availableRamSize: bytes.optional(),
  totalRamSize: bytes.optional(),
  availableInternalMemorySize: bytes.optional(),
  totalInternalMemorySize: bytes.optional(),
  availableExternalMemorySize: bytes.optional(),
  totalExternalMemorySize: bytes.optional(),
});
export type DeviceInformation = z.infer<typeof deviceInformationSchema>;

export const batterySchema = z.object({
  level: z.number().min(0).max(100),
  charging: z.boolean(),
});

export const positionSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  /** Metres. */
  accuracy: z.number().min(0).max(1_000_000).optional(),
  /** When the device took the fix; the server's time when absent. */
  time: z.iso.datetime({ offset: true }).optional(),
});
export type Position = z.infer<typeof positionSchema>;

export const enrolRequestSchema = z.object({
  token: z.string().min(16).max(200),
  mid: midSchema,
  platform: z.enum(PLATFORMS),
  model: text(100).min(1),
  owner: text(100).min(1),
  email: z.email().max(200).optional(),
  username: text(100).optional(),
  info: deviceInformationSchema.optional(),
});
export type EnrolRequest = z.input<typeof enrolRequestSchema>;

export interface EnrolResponse {
  deviceId: number;
  mid: string;
  project: number;
  /** Shown once: the device keeps it and sends `Authorization: Device <mid>:<credential>`. */
  credential: string;
  /** Seconds the server would like between check-ins. */
  checkinInterval: number;
  /** Path of the device WebSocket. */
  socket: string;
}

/** The most replication errors one check-in may report; an agent sends the rest next time. */
export const MAX_CHECKIN_ERRORS = 50;

/**
 * An error the device's replicator hit (001 §3 error logs): when, the SQL statement of the
 * replicated operation that failed (CGSSQL), and the error text (DESCRIPTION).
 */
export const replicationErrorSchema = z.object({
  time: z.iso.datetime({ offset: true }),
  // PostgreSQL text cannot hold NUL: refused here rather than failing the check-in's statement.
  sql: z
    .string()
    .min(1)
    .max(4000)
    .regex(/^[^\0]*$/, 'must not contain NUL'),
  description: text(2000)
    .min(1)
    .regex(/^[^\0]*$/, 'must not contain NUL'),
});
export type ReplicationError = z.infer<typeof replicationErrorSchema>;

/** A stored replication error as the console reads it (`deviceErrorLogs`, 001 §3 error logs). */
export interface DeviceErrorRow {
  ID: number;
  /** When the device hit it, ISO 8601. */
  TIMESTAMP: string;
  CGSSQL: string;
  DESCRIPTION: string;
}

export const checkinRequestSchema = z.object({
  info: deviceInformationSchema.optional(),
  battery: batterySchema.optional(),
  position: positionSchema.optional(),
  errors: z.array(replicationErrorSchema).max(MAX_CHECKIN_ERRORS).optional(),
});
export type CheckinRequest = z.input<typeof checkinRequestSchema>;

export interface CheckinResponse {
  deviceId: number;
  /** false while an operator has disabled the device (PENDIENTE 1). */
  enabled: boolean;
  checkinInterval: number;
  serverTime: string;
  /**
   * The device's pending updates (added to v1 on 2026-11-26, issue 15): published for it, not yet
   * confirmed and not reported failed. Empty on most check-ins.
   */
  updates: DeviceUpdate[];
  /**
   * The device's open provision tasks (added to v1 on 2026-11-27, issue 16 part 6;
   * docs/device-protocol.md "Provisioning"). Empty on most check-ins.
   */
  provisions: DeviceProvision[];
}

// ---- Updates (docs/device-protocol.md, "Updates"; the console side in protocol/updates.ts) ----

/** A published update the device is to apply: its files in `numero` order. */
export interface DeviceUpdate {
  version: number;
  versionCompleta: string;
  tipo: UpdateType;
  files: UpdateFile[];
}

/** `GET /updates`: the same list the check-in carries. */
export interface DeviceUpdatesResponse {
  updates: DeviceUpdate[];
}

const updateVersion = z
  .number()
  .int()
  .min(1)
  .max(2 ** 31 - 1);

/** `POST /updates/download`: one file of an update the device has, by its `numero` (001 §7). */
export const updateDownloadSchema = z.object({
  version: updateVersion,
  numero: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});
export type UpdateDownloadRequest = z.infer<typeof updateDownloadSchema>;

/** The longest failure text a device may report for an update. */
export const UPDATE_ERROR_MAX = 2000;

/** One update's outcome on the device: applied (`ok`), or failed with why. */
export const updateConfirmSchema = z.object({
  version: updateVersion,
  ok: z.boolean(),
  error: z
    .string()
    .trim()
    .min(1)
    .max(UPDATE_ERROR_MAX)
    .regex(/^[^\0]*$/, 'must not contain NUL')
    .optional(),
});
export type UpdateConfirm = z.infer<typeof updateConfirmSchema>;

/** `POST /updates/confirm`: one outcome, or several at once (`confirms`). */
export const updateConfirmRequestSchema = z.union([
  updateConfirmSchema,
  z.object({ confirms: z.array(updateConfirmSchema).min(1).max(100) }),
]);
export type UpdateConfirmRequest = z.input<typeof updateConfirmRequestSchema>;

/** What a confirm changed: the versions recorded now (a repeated confirm records nothing). */
export interface UpdateConfirmResponse {
  recorded: number[];
}

/** `Authorization: Device <mid>:<credential>`. */
export function deviceAuthorization(mid: string, credential: string): string {
  return `Device ${mid}:${credential}`;
}

// ---- WebSocket messages: one JSON object per text frame, told apart by `type`. ----

const messageId = z.string().min(1).max(100);

/** What a device sends on its WebSocket. */
export const deviceMessageSchema = z.discriminatedUnion('type', [
  /** First message when the upgrade request carried no Authorization header. */
  z.object({ type: z.literal('hello'), mid: midSchema, credential: z.string().min(16).max(200) }),
  z.object({ type: z.literal('ping'), id: messageId.optional() }),
  z.object({ type: z.literal('pong'), id: messageId.optional() }),
  /** The device received command `id` and starts it. */
  z.object({ type: z.literal('ack'), id: messageId }),
  /** The outcome of command `id` (fields of 001 §3 "Device command result"). */
  z.object({
    type: z.literal('result'),
    id: messageId,
    ok: z.boolean(),
    result: z.unknown().optional(),
    msg: z.string().max(10_000).optional(),
    exceptionMessage: z.string().max(10_000).optional(),
    latitude: z.number().min(-90).max(90).optional(),
    longitude: z.number().min(-180).max(180).optional(),
    time: z.string().max(40).optional(),
    /** Answers of a query command, as the device gives them (001 §3). */
    QueryResponses: z.unknown().optional(),
    /** How the device got the command, when not this WebSocket (e.g. a push fallback). */
    channel: z.string().max(50).optional(),
  }),
  /** An update's outcome, as `POST /updates/confirm` takes it; answered by `updateRecorded`. */
  updateConfirmSchema.extend({ type: z.literal('updateConfirm') }),
]);
export type DeviceMessage = z.infer<typeof deviceMessageSchema>;

/** What the server sends on a device's WebSocket. */
export type ServerMessage =
  | { type: 'welcome'; mid: string; node: string; heartbeat: number; time: string }
  | { type: 'ping'; id?: string; time: string }
  | { type: 'pong'; id?: string; time: string }
  | {
      type: 'command';
      id: string;
      cmd: string;
      params: Record<string, unknown>;
      sentAt: string;
    }
  /**
   * A push (`send push`, 001 §7): `pushType` 0 live, 1 to 3 log. Needs no answer; `id` names
   * its row in the command history.
   */
  | { type: 'push'; id: string; pushType: number; message: string | null; sentAt: string }
  /** Updates were published for this device: fetch `GET /updates` (or wait for the check-in). */
  | { type: 'updates' }
  /** A provision task waits for this device: fetch `GET /provision` (or wait for the check-in). */
  | { type: 'provision' }
  /** A managed device's policy changed (docs/mdm.md): fetch `GET /mdm/policy`. */
  | { type: 'policy'; policy: number; version: number }
  /** The `updateConfirm` of this version is stored (or was already): the device may forget it. */
  | { type: 'updateRecorded'; version: number }
  | { type: 'error'; code: string; description: string; id?: string };

/** WebSocket close codes of the protocol (4000–4999 are the application's). */
export const SocketClose = {
  normal: 1000,
  goingAway: 1001,
  /** No valid credential (header or hello) in time. */
  unauthorized: 4001,
  /** The device opened a newer connection, here or on another node. */
  replaced: 4002,
  /** The credential was revoked while connected. */
  revoked: 4003,
  /** Missed heartbeats. */
  timeout: 4008,
  /** The device's company is disabled (000 §6). */
  companyInactive: 4030,
  /**
   * Results it sent could not be stored (the database was away): it sends them again after
   * reconnecting (docs/device-protocol.md, "At least once"). The standard "try again later".
   */
  unstored: 1013,
} as const;

/**
 * A device keeps each result it sent until, on the same socket, the server is heard from this
 * many seconds after it (docs/device-protocol.md, "At least once"); a socket that closes before
 * leaves the result to be sent again after the next `welcome`. Recording is idempotent.
 */
export const RESULT_KEEP_SECONDS = 120;
