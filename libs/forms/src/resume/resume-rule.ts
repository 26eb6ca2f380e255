// The résumé rule (docs/product/careers.md): PDF, DOC or DOCX, at most 5 MB. The storage bucket enforces the
// same limits; checking here refuses a wrong file at once instead of after a wasted upload.

/** 5 MB, counted as 5 × 1024 × 1024 bytes; a file of this size is accepted, one byte more is not. */
export const RESUME_MAX_BYTES = 5 * 1024 * 1024;

export const INVALID_RESUME_TYPE_MESSAGE = 'Please upload a PDF or Word document';
export const RESUME_TOO_LARGE_MESSAGE = 'File size must be less than 5MB';

/** MIME type of each allowed extension, which is also what the bucket's allowed_mime_types lists. */
export const RESUME_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export type ResumeExtension = keyof typeof RESUME_TYPES;

const ALLOWED_MIME_TYPES: ReadonlySet<string> = new Set(Object.values(RESUME_TYPES));

// Browsers report no MIME type, or the catch-all one, when the OS has no mapping for the extension:
// common for .doc/.docx on machines without Office. Only then does the extension decide.
const UNKNOWN_MIME_TYPES: ReadonlySet<string> = new Set(['', 'application/octet-stream']);

/** For a file input's `accept`: lets the picker offer the right files (it is a hint, not a check). */
export const RESUME_ACCEPT = [...Object.keys(RESUME_TYPES).map((extension) => `.${extension}`), ...ALLOWED_MIME_TYPES].join(',');

/** The lower-case extension of a file name when it is one of the allowed ones. */
export function resumeExtension(fileName: string): ResumeExtension | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot === -1) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(RESUME_TYPES, extension) ? (extension as ResumeExtension) : undefined;
}

/**
 * The MIME type to store the file under: the browser's when it is an allowed one, otherwise the one
 * its extension stands for. Undefined when the file is not an allowed type.
 */
export function resumeMimeType(file: Pick<File, 'name' | 'type'>): string | undefined {
  const type = file.type.toLowerCase();
  if (ALLOWED_MIME_TYPES.has(type)) return type;
  if (!UNKNOWN_MIME_TYPES.has(type)) return undefined;
  const extension = resumeExtension(file.name);
  return extension ? RESUME_TYPES[extension] : undefined;
}

export function isAllowedResumeType(file: Pick<File, 'name' | 'type'>): boolean {
  return resumeMimeType(file) !== undefined;
}

/** The message to show for a picked file, or undefined when it may be uploaded. Type is checked first. */
export function resumeError(file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  if (!isAllowedResumeType(file)) return INVALID_RESUME_TYPE_MESSAGE;
  if (file.size > RESUME_MAX_BYTES) return RESUME_TOO_LARGE_MESSAGE;
  return undefined;
}
