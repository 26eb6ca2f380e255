import { readFormBody, type BodyProblem } from '../_shared/http/body.ts';
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

export type ApplicationFormProblem = 'too-large' | 'not-multipart' | 'malformed';

export type ApplicationFormResult =
  | { ok: true; fields: Map<string, string>; resume: ResumeUpload | undefined }
  | { ok: false; problem: ApplicationFormProblem };

const PROBLEMS: Readonly<Record<BodyProblem, ApplicationFormProblem>> = {
  'too-large': 'too-large',
  'wrong-type': 'not-multipart',
  malformed: 'malformed',
};

/** Reads a multipart/form-data application, holding at most MAX_APPLICATION_BODY_BYTES in memory. */
export async function readApplicationForm(request: Request): Promise<ApplicationFormResult> {
  const read = await readFormBody(request, MAX_APPLICATION_BODY_BYTES, ['multipart/form-data']);
  if (!read.ok) return { ok: false, problem: PROBLEMS[read.problem] };
  const form = read.body;

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
