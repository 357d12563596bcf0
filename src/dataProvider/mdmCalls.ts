import type { CallService } from './callService';

/** An MDM organization as the engine answers it (protocol/resources/mdm-organizations.ts). */
export interface MdmOrganization {
  id: number;
  version: number;
  platform: 'android' | 'ios' | 'windows';
  state: 'pending' | 'bound' | 'error' | null;
  contactEmail: string | null;
  enterpriseName: string | null;
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
  };
}

export type MdmCalls = ReturnType<typeof mdmCalls>;
