import { RESUME_BUCKET } from '../_shared/rules/resume-file.ts';
import type { ServiceClient } from '../_shared/service-client.ts';
import { describeServiceError } from '../_shared/service-client.ts';

/** The private résumé bucket, written with the service role (anon has no storage policy on it). */
export interface ResumeStore {
  upload(path: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>;
  remove(path: string): Promise<void>;
}

export function createResumeStore(client: Pick<ServiceClient, 'storage'>): ResumeStore {
  const bucket = () => client.storage.from(RESUME_BUCKET);
  return {
    async upload(path, bytes, contentType) {
      const { error } = await bucket().upload(path, new Blob([bytes], { type: contentType }), {
        contentType,
        upsert: false,
      });
      if (error) throw new Error(`Uploading ${path} failed: ${describeServiceError(error)}`);
    },
    async remove(path) {
      const { error } = await bucket().remove([path]);
      if (error) throw new Error(`Removing ${path} failed: ${describeServiceError(error)}`);
    },
  };
}
