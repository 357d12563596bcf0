import type { MdmDashboardResponse } from '../../protocol/mdm/dashboard';
import type { CallService } from './callService';
import type { DeviceForEdit } from './deviceTypes';

/** An MDM organization as the engine answers it (protocol/resources/mdm-organizations.ts). */
export interface MdmOrganization {
  id: number;
  version: number;
  platform: 'android' | 'ios' | 'windows';
  state: 'pending' | 'bound' | 'error' | null;
  contactEmail: string | null;
  enterpriseName: string | null;
  apnsTopic?: string | null;
  apnsSubject?: string | null;
  apnsExpiry?: string | null;
}

/** What `mdmEnrolmentDetails` answers: the link, and the platform's QR payload or file or URL. */
export interface EnrolmentDetails {
  id: number;
  name: string;
  platform: 'android' | 'ios' | 'windows';
  link: string;
  enrolUrl: string;
  payload?: Record<string, unknown>;
  mobileconfig?: string;
  windowsUrl?: string;
}

/** The Android enterprise signup of /app/mdmafw (server/mdm/signup.ts). */
export function mdmCalls(callService: CallService) {
  return {
    androidSignup: (contactEmail?: string) =>
      callService<{ url: string; organization: MdmOrganization }>('mdmAndroidSignup', {
        callbackUrl: '/app/mdmafw',
        ...(contactEmail ? { contactEmail } : {}),
      }),
    androidComplete: (enterpriseToken: string) =>
      callService<MdmOrganization>('mdmAndroidComplete', { enterpriseToken }),
    /** An enrolment token as a device takes it (server/mdm/devices.ts). */
    enrolmentDetails: (id: number) => callService<EnrolmentDetails>('mdmEnrolmentDetails', { id }),
    /** A managed device's row in its project (inventory, position) by its MID. */
    managedDeviceRow: (database: number, mid: string, signal?: AbortSignal) =>
      callService<DeviceForEdit>('deviceForEdit', { database, MID: mid }, signal),
    /** Approves (`enabled`) or refuses (`disabled`) one pending device (server/mdm/devices.ts). */
    setPendingDevice: (id: number, status: 'enabled' | 'disabled') =>
      callService<{ updated: number; state: string }>('mdmSetPendingDevices', { id, status }),
    /** The figures of /app/mdmdash (server/mdm/dashboard.ts). */
    mdmDashboard: () => callService<MdmDashboardResponse>('mdmDashboard', {}),
    /** Uploads the APNs certificate (its bytes in base64): the iOS organization as stored. */
    apnsUpload: (file: string) => callService<MdmOrganization>('mdmApnsUpload', { file }),
  };
}

export type MdmCalls = ReturnType<typeof mdmCalls>;
