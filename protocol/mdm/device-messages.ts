import { z } from 'zod';
import { midSchema } from '../device-protocol';

/**
 * The MDM part of the device protocol (docs/device-protocol.md "MDM", docs/mdm.md): enrolment
 * with an MDM enrolment token, the device's policy, and its compliance report, each under
 * /api/device/v1/mdm. Shared by the server (server/mdm/device-routes.ts) and the simulator.
 */
export const MDM_DEVICE_API = '/api/device/v1/mdm';

const text = (max: number) => z.string().trim().max(max);

/** `POST …/mdm/enrol`: the platform is the token's policy's; the answer is the protocol's enrol. */
export const mdmEnrolSchema = z.object({
  token: z.string().min(16).max(200),
  mid: midSchema,
  model: text(100).min(1),
  owner: text(100).min(1),
  os: text(100).optional(),
  email: z.email().max(200).optional(),
});
export type MdmEnrolRequest = z.input<typeof mdmEnrolSchema>;

/** AMAPI's `NonComplianceReason` values (docs/mdm.md "Device protocol messages"). */
export const NON_COMPLIANCE_REASONS = [
  'API_LEVEL',
  'MANAGEMENT_MODE',
  'USER_ACTION',
  'INVALID_VALUE',
  'APP_NOT_INSTALLED',
  'UNSUPPORTED',
  'APP_INSTALLED',
  'PENDING',
  'APP_INCOMPATIBLE',
  'APP_NOT_UPDATED',
  'DEVICE_INCOMPATIBLE',
] as const;
export type NonComplianceReason = (typeof NON_COMPLIANCE_REASONS)[number];

/** One setting the device did not apply (AMAPI's `NonComplianceDetail`). */
export const nonComplianceSchema = z.strictObject({
  settingName: text(200).min(1),
  reason: z.enum(NON_COMPLIANCE_REASONS),
  packageName: text(255).optional(),
  fieldPath: text(300).optional(),
  currentValue: z.union([z.string().max(500), z.number(), z.boolean()]).optional(),
  installationFailureReason: text(100).optional(),
});
export type NonComplianceDetail = z.infer<typeof nonComplianceSchema>;

/** `POST …/mdm/compliance`: what the device applied of which policy version. */
export const complianceReportSchema = z.strictObject({
  policy: z.number().int().positive(),
  version: z.number().int().positive(),
  state: z.enum(['applied', 'partial', 'failed']),
  nonCompliance: z.array(nonComplianceSchema).max(200).default([]),
  os: text(100).optional(),
});
export type ComplianceReport = z.input<typeof complianceReportSchema>;

/** `GET …/mdm/policy`: the device's policy as stored (AMAPI-shaped on Android). */
export interface DevicePolicy {
  policy: number;
  name: string;
  version: number;
  platform: string;
  document: Record<string, unknown>;
}

/** The answer to a compliance report: stored (the device stops resending), and the current version. */
export interface ComplianceRecorded {
  recorded: number;
  current: number;
  compliance: 'compliant' | 'noncompliant';
}

/** Labels of the non-compliance reasons, for the lists' filter and the device page. */
export const NON_COMPLIANCE_REASON_LABELS: Record<NonComplianceReason, { es: string; en: string }> =
  {
    API_LEVEL: { es: 'Versión del sistema demasiado antigua', en: 'OS version too old' },
    MANAGEMENT_MODE: { es: 'Modo de gestión no válido', en: 'Wrong management mode' },
    USER_ACTION: { es: 'Pendiente del usuario', en: 'Waiting for the user' },
    INVALID_VALUE: { es: 'Valor no válido', en: 'Invalid value' },
    APP_NOT_INSTALLED: { es: 'Aplicación no instalada', en: 'App not installed' },
    UNSUPPORTED: { es: 'No admitido', en: 'Unsupported' },
    APP_INSTALLED: { es: 'Aplicación instalada', en: 'App installed' },
    PENDING: { es: 'Pendiente', en: 'Pending' },
    APP_INCOMPATIBLE: { es: 'Aplicación incompatible', en: 'App incompatible' },
    APP_NOT_UPDATED: { es: 'Aplicación sin actualizar', en: 'App not updated' },
    DEVICE_INCOMPATIBLE: { es: 'Dispositivo incompatible', en: 'Device incompatible' },
  };

/** The reasons as a declared field's choices (the device lists' filter, the device page's list). */
export const NON_COMPLIANCE_REASON_CHOICES = NON_COMPLIANCE_REASONS.map((code) => ({
  code,
  label: NON_COMPLIANCE_REASON_LABELS[code],
}));
