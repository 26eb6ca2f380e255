import { BodyTooLargeError, readBoundedBody } from '../_shared/http/bounded-body.ts';
import { RESUME_MAX_BYTES } from '../_shared/rules/resume-file.ts';

/** The multipart field that carries the résumé; every other field is a text column. */
export const RESUME_FIELD = 'resume';

/** The résumé and the text fields, with room for the multipart framing. */
export const MAX_APPLICATION_BODY_BYTES = RESUME_MAX_BYTES + 256 * 1024;

export interface ResumeUpload {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export type ApplicationFormResult =
  | { ok: true; fields: Map<string, string>; resume: ResumeUpload | undefined }
  | { ok: false; problem: 'too-large' | 'not-multipart' | 'malformed' };

/** Reads a multipart/form-data application, holding at most MAX_APPLICATION_BODY_BYTES in memory. */
export async function readApplicationForm(request: Request): Promise<ApplicationFormResult> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    return { ok: false, problem: 'not-multipart' };
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBoundedBody(request, MAX_APPLICATION_BODY_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { ok: false, problem: 'too-large' };
    throw error;
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { ok: false, problem: 'malformed' };
  }

  const fields = new Map<string, string>();
  let resume: ResumeUpload | undefined;
  for (const [name, value] of form.entries()) {
    // One value per name: a repeated field is as malformed as a file where text belongs.
    if (fields.has(name) || (name === RESUME_FIELD && resume))
      return { ok: false, problem: 'malformed' };
    if (name === RESUME_FIELD) {
      if (typeof value === 'string') return { ok: false, problem: 'malformed' };
      resume = {
        name: value.name,
        type: value.type,
        bytes: new Uint8Array(await value.arrayBuffer()),
      };
    } else if (typeof value === 'string') {
      fields.set(name, value);
    } else {
      return { ok: false, problem: 'malformed' };
    }
  }
  return { ok: true, fields, resume };
}
