import { fromStorageError } from './backend-error';
import { getSupabaseClient } from './client';

const RESUME_BUCKET = 'applications';

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function extensionOf(fileName: string): string | undefined {
  return /\.([A-Za-z0-9]{1,10})$/.exec(fileName)?.[1].toLowerCase();
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * resumes/<epoch ms>-<128 random bits as hex>[.<original extension, lowercased>]. The bucket is public
 * and the URL is the only key to the file, so the name must be unguessable; the bucket policy checks
 * this exact shape.
 */
export function resumeObjectPath(
  originalName: string,
  now = Date.now(),
  random = randomHex(16),
): string {
  const extension = extensionOf(originalName);
  return `resumes/${now}-${random}${extension ? `.${extension}` : ''}`;
}

/** Uploads a careers resume; fails (BackendError) before any application row is written. */
export async function uploadResume(file: File): Promise<{ url: string; filename: string }> {
  const supabase = await getSupabaseClient();
  const path = resumeObjectPath(file.name);
  // Some systems give .doc/.docx files no type; the bucket checks the type, so supply it from the name.
  const typed = file.type
    ? file
    : new File([file], file.name, {
        type: MIME_BY_EXTENSION[extensionOf(file.name) ?? ''] ?? 'application/octet-stream',
      });
  const bucket = supabase.storage.from(RESUME_BUCKET);
  const { error } = await bucket.upload(path, typed, {
    contentType: typed.type,
    upsert: false,
    cacheControl: '3600',
  });
  if (error) throw fromStorageError(error);
  return { url: bucket.getPublicUrl(path).data.publicUrl, filename: file.name };
}
