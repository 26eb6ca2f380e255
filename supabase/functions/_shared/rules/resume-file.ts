// The résumé rule, held by the careers form (libs/forms), submit-application and the database
// (general_applications.resume_path and the résumés' bucket, supabase/schemas/signups.sql): a PDF, DOC or
// DOCX of at most 5 MB, whose name's extension, declared type and bytes all say the same thing.

/**
 * The largest résumé, in MB as people read them (binary: 1 MB = 1024 * 1024 bytes). The one number for
 * it: the bytes, the texts that name it and the bucket's limit in supabase/schemas/signups.sql (a test
 * holds that one, which SQL cannot import) all follow from it.
 */
export const RESUME_MAX_MB = 5;
/** RESUME_MAX_MB in bytes; a file of exactly this size is accepted. */
export const RESUME_MAX_BYTES = RESUME_MAX_MB * 1024 * 1024;
/** How texts name the limit: "5 MB". */
export const RESUME_MAX_LABEL = `${RESUME_MAX_MB} MB`;

/** The declared (MIME) type each extension must come with; also the bucket's allowed_mime_types. */
export const RESUME_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

export type ResumeExtension = keyof typeof RESUME_TYPES;

/** The private storage bucket, and the one shape of object path the table accepts. */
export const RESUME_BUCKET = 'applications';
export const RESUME_PATH_PATTERN = /^resumes\/[0-9]{13}-[0-9a-f]{32}\.(pdf|doc|docx)$/;

/** The lower-case extension of a file name when it is one of the allowed ones. */
export function resumeExtension(fileName: string): ResumeExtension | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot === -1) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(RESUME_TYPES, extension) ? (extension as ResumeExtension) : undefined;
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[]) =>
  bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // Compound File (Word 97-2003)
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];
const ZIP_END_OF_DIRECTORY = 0x06054b50;
const ZIP_DIRECTORY_ENTRY = 0x02014b50;

/** The names in a ZIP's central directory, or undefined when the bytes are not a well-formed ZIP. */
export function zipEntryNames(bytes: Uint8Array): string[] | undefined {
  if (!startsWith(bytes, ZIP_LOCAL_HEADER) || bytes.length < 22) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  // The end record is the last 22 bytes plus a comment of at most 65535 bytes.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (view.getUint32(at, true) === ZIP_END_OF_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end === -1) return undefined;
  const count = view.getUint16(end + 10, true);
  const directorySize = view.getUint32(end + 12, true);
  const directoryStart = view.getUint32(end + 16, true);
  const directoryEnd = directoryStart + directorySize;
  if (directoryEnd > end) return undefined;

  const decoder = new TextDecoder();
  const names: string[] = [];
  let at = directoryStart;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > directoryEnd || view.getUint32(at, true) !== ZIP_DIRECTORY_ENTRY)
      return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    if (at + 46 + nameLength > directoryEnd) return undefined;
    names.push(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** What the bytes are, whatever the name or the declared type claim. */
export function sniffResumeType(bytes: Uint8Array): ResumeExtension | undefined {
  if (startsWith(bytes, PDF_MAGIC)) return 'pdf';
  if (startsWith(bytes, OLE_MAGIC)) return 'doc';
  const names = zipEntryNames(bytes);
  if (names?.includes('[Content_Types].xml') && names.some((name) => name.startsWith('word/'))) {
    return 'docx';
  }
  return undefined;
}

export type ResumeCheck =
  | { ok: true; extension: ResumeExtension; mimeType: string }
  | { ok: false; problem: 'type' | 'size' };

/**
 * The server's check of an uploaded file: an allowed extension, the declared type of that extension
 * (exactly, without parameters), bytes of that type, 1 byte to 5 MB.
 */
export function checkResume(file: { name: string; type: string; bytes: Uint8Array }): ResumeCheck {
  const extension = resumeExtension(file.name);
  if (!extension || file.type.trim().toLowerCase() !== RESUME_TYPES[extension]) {
    return { ok: false, problem: 'type' };
  }
  if (file.bytes.length > RESUME_MAX_BYTES) return { ok: false, problem: 'size' };
  if (sniffResumeType(file.bytes) !== extension) return { ok: false, problem: 'type' };
  return { ok: true, extension, mimeType: RESUME_TYPES[extension] };
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/** resumes/<epoch ms>-<128 random bits as hex>.<extension>: unguessable, and what RESUME_PATH_PATTERN takes. */
export function resumeObjectPath(
  extension: ResumeExtension,
  now = Date.now(),
  random = randomHex(16),
): string {
  return `resumes/${now}-${random}.${extension}`;
}

/**
 * The original file name as the team will see it: the last path segment, without control or invisible
 * characters at the ends, at most 255 characters (the extension kept).
 */
export function resumeDisplayName(fileName: string, extension: ResumeExtension): string {
  const base = (fileName.split(/[/\\]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim();
  const name = base === '' ? `resume.${extension}` : base;
  if (name.length <= 255) return name;
  return `${name.slice(0, 254 - extension.length)}.${extension}`;
}
