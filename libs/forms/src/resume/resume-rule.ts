// The résumé rule the careers form checks before sending: PDF, DOC or DOCX, at most 5 MB, with a name
// whose extension agrees with the type the browser gives it. submit-application holds the same rule (and
// also looks at the bytes); the limits come from one place, supabase/functions/_shared/rules/resume-file.ts.
import {
  RESUME_MAX_BYTES,
  RESUME_MAX_LABEL,
  RESUME_MAX_MB,
  RESUME_TYPES,
  resumeExtension,
  type ResumeExtension,
} from '@agentora/backend-rules/resume-file';

export { RESUME_MAX_BYTES, RESUME_MAX_LABEL, RESUME_TYPES, resumeExtension, type ResumeExtension };

export const INVALID_RESUME_TYPE_MESSAGE = 'Please upload a PDF or Word document';
// The careers texts write the limit without a space: "5MB".
export const RESUME_TOO_LARGE_MESSAGE = `File size must be less than ${RESUME_MAX_MB}MB`;

const ALLOWED_MIME_TYPES: readonly string[] = Object.values(RESUME_TYPES);

// Browsers report no MIME type, or the catch-all one, when the OS has no mapping for the extension:
// common for .doc/.docx on machines without Office. Only then does the extension alone decide.
const UNKNOWN_MIME_TYPES: ReadonlySet<string> = new Set(['', 'application/octet-stream']);

/** For a file input's `accept`: lets the picker offer the right files (it is a hint, not a check). */
export const RESUME_ACCEPT = [
  ...Object.keys(RESUME_TYPES).map((extension) => `.${extension}`),
  ...ALLOWED_MIME_TYPES,
].join(',');

/**
 * The MIME type to send the file with: its extension's, when the browser reports that same type or none
 * at all. Undefined when the name has no allowed extension or the browser says it is something else.
 */
export function resumeMimeType(file: Pick<File, 'name' | 'type'>): string | undefined {
  const extension = resumeExtension(file.name);
  if (!extension) return undefined;
  const type = file.type.toLowerCase();
  return UNKNOWN_MIME_TYPES.has(type) || type === RESUME_TYPES[extension]
    ? RESUME_TYPES[extension]
    : undefined;
}

export function isAllowedResumeType(file: Pick<File, 'name' | 'type'>): boolean {
  return resumeMimeType(file) !== undefined;
}

/** The message to show for a picked file, or undefined when it may be sent. Type is checked first. */
export function resumeError(file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  if (!isAllowedResumeType(file)) return INVALID_RESUME_TYPE_MESSAGE;
  if (file.size > RESUME_MAX_BYTES) return RESUME_TOO_LARGE_MESSAGE;
  return undefined;
}
