import { RESUME_BUCKET } from '../rules/resume-file.ts';
import type { ServiceClient } from '../service-client.ts';
import { describeServiceError } from '../service-client.ts';

/** The private résumé bucket, written and read with the service role (anon has no storage policy on it). */
export interface ResumeStore {
  upload(path: string, bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<void>;
  /** Removes the files; a path that is already gone counts as removed. */
  remove(...paths: string[]): Promise<void>;
  /** A URL that downloads the file under `filename` for `expiresIn` seconds, without a key. */
  signedDownloadUrl(path: string, filename: string, expiresIn: number): Promise<string>;
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
    async remove(...paths) {
      if (paths.length === 0) return;
      const { error } = await bucket().remove(paths);
      if (error)
        throw new Error(`Removing ${paths.join(', ')} failed: ${describeServiceError(error)}`);
    },
    async signedDownloadUrl(path, filename, expiresIn) {
      const { data, error } = await bucket().createSignedUrl(path, expiresIn, {
        download: filename,
      });
      const url = (data as { signedUrl?: unknown } | null)?.signedUrl;
      if (error || typeof url !== 'string') {
        throw new Error(`Signing ${path} failed: ${describeServiceError(error ?? 'no URL')}`);
      }
      return url;
    },
  };
}
