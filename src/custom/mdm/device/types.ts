import type { NonComplianceDetail } from '../../../../protocol/mdm/device-messages';

/** A managed device as the engine answers it (protocol/resources/mdm-devices.ts). */
export interface ManagedDevice {
  id: number;
  version: number;
  mid: string;
  kind: 'android' | 'kiosk' | 'ios' | 'windows';
  platform: 'android' | 'ios' | 'windows';
  state: 'pending' | 'active' | 'refused';
  owner: string | null;
  model: string | null;
  os: string | null;
  policy: number | null;
  /** Where the policy comes from: the device's own, a group's assignment, its enrolment token. */
  policySource: 'device' | 'group' | 'token' | null;
  assignment: number | null;
  ownPolicy: number | null;
  token: number | null;
  appliedVersion: number | null;
  compliance: 'unknown' | 'compliant' | 'noncompliant';
  reasons: string | null;
  nonCompliance: NonComplianceDetail[] | null;
  lastSeen: string | null;
  enrolledAt: string | null;
  project: number;
}
