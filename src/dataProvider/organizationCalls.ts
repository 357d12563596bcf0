import { CERTIFICATE_UPLOAD_PATH } from '../../protocol/resources/certificates';
import { authorizedPostOf, resultOf, type CallService } from './callService';

/** A certificate as the server answers its upload: metadata only. */
export interface UploadedCertificate {
  id: number;
  name: string;
  type: string;
  expires_at: string | null;
}

/** The organization page's calls beyond the declared resources' (docs/resources.md). */
export function organizationCalls(callService: CallService) {
  const post = authorizedPostOf(callService);
  return {
    /** The certificate form with its file, as multipart (server/organization/upload-route.ts). */
    uploadCertificate: async (form: FormData): Promise<UploadedCertificate> => {
      if (!post) throw new Error('upload needs the service client');
      return resultOf<UploadedCertificate>(await post(CERTIFICATE_UPLOAD_PATH, form));
    },
  };
}

export type OrganizationCalls = ReturnType<typeof organizationCalls>;
