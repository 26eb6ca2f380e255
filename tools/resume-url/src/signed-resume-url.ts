import type { SupabaseClient } from '@supabase/supabase-js';
import { RESUME_BUCKET } from '@agentora/backend-rules/resume-file';

/** The longest a link may live: long enough to open it, short enough that a forwarded link goes stale. */
export const MAX_EXPIRES_IN_SECONDS = 24 * 60 * 60;
export const DEFAULT_EXPIRES_IN_SECONDS = 10 * 60;

export interface SignedResume {
  url: string;
  /** The name the applicant's file had; the link downloads under it. */
  filename: string;
  applicant: string;
}

export class ResumeUrlError extends Error {
  override name = 'ResumeUrlError';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A signed URL for the résumé of one application, valid for `expiresIn` seconds. `client` must use the
 * service role key: the bucket is private and anon may not read applications.
 */
export async function signedResumeUrl(
  client: SupabaseClient,
  applicationId: string,
  expiresIn = DEFAULT_EXPIRES_IN_SECONDS,
): Promise<SignedResume> {
  if (!UUID.test(applicationId)) {
    throw new ResumeUrlError(`"${applicationId}" is not an application id (a UUID).`);
  }
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || expiresIn > MAX_EXPIRES_IN_SECONDS) {
    throw new ResumeUrlError(`The link must live 1 to ${MAX_EXPIRES_IN_SECONDS} seconds.`);
  }
  const { data, error } = await client
    .from('general_applications')
    .select('first_name, last_name, email, resume_path, resume_filename')
    .eq('id', applicationId)
    .maybeSingle();
  if (error) throw new ResumeUrlError(`Reading the application failed: ${error.message}`);
  if (!data) throw new ResumeUrlError(`No application has the id ${applicationId}.`);
  const row = data as {
    first_name: string;
    last_name: string;
    email: string;
    resume_path: string | null;
    resume_filename: string | null;
  };
  const applicant = `${row.first_name} ${row.last_name} <${row.email}>`;
  if (!row.resume_path || !row.resume_filename) {
    throw new ResumeUrlError(`The application of ${applicant} has no résumé.`);
  }
  const signed = await client.storage
    .from(RESUME_BUCKET)
    .createSignedUrl(row.resume_path, expiresIn, { download: row.resume_filename });
  if (signed.error) {
    throw new ResumeUrlError(`Signing ${row.resume_path} failed: ${signed.error.message}`);
  }
  return { url: signed.data.signedUrl, filename: row.resume_filename, applicant };
}
