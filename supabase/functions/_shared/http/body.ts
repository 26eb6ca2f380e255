import { errorResponse } from './responses.ts';

// Reading a request's body, bounded: every function reads through these, so none holds more than its
// limit in memory, and a body declared larger than that is refused before a byte of it is read.

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
}

/**
 * The request body, read only up to `limit` bytes: a body whose Content-Length is above it fails with
 * BodyTooLargeError before it is read at all, and a streamed one as soon as it passes the limit (the rest
 * is cancelled), so no more than `limit` bytes are ever held.
 */
export async function readBoundedBody(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new BodyTooLargeError(`The body is larger than ${limit} bytes.`);
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(`The body is larger than ${limit} bytes.`);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** Why a body was not taken: 413, 415 and 400 in the default answers. */
export type BodyProblem = 'too-large' | 'wrong-type' | 'malformed';

/**
 * The body, or why not with the answer to give: an ErrorBody, which a function that answers in a form of
 * its own (the Auth hook, submit-application) replaces by the problem.
 */
export type BodyRead<Body> =
  { ok: true; body: Body } | { ok: false; problem: BodyProblem; response: Response };

const refused = (problem: BodyProblem, status: number, error: string): BodyRead<never> => ({
  ok: false,
  problem,
  response: errorResponse(status, error),
});

/** The body as text, up to `limit` bytes (what a signature is checked over, before it is parsed). */
export async function readTextBody(request: Request, limit: number): Promise<BodyRead<string>> {
  try {
    return { ok: true, body: new TextDecoder().decode(await readBoundedBody(request, limit)) };
  } catch (error) {
    return error instanceof BodyTooLargeError
      ? refused('too-large', 413, 'The request body is too large.')
      : refused('malformed', 400, 'The request body could not be read.');
  }
}

export interface JsonBodyOptions {
  /** What the refusals call the body: "The report is too large." (default: the request body). */
  name?: string;
  /** A blank body reads as undefined instead of being refused (a caller that may post nothing). */
  optional?: boolean;
}

/** The JSON body, up to `limit` bytes; otherwise 413, or 400 for anything that is not JSON. */
export async function readJsonBody(
  request: Request,
  limit: number,
  options: JsonBodyOptions = {},
): Promise<BodyRead<unknown>> {
  const name = options.name ?? 'request body';
  try {
    const text = new TextDecoder().decode(await readBoundedBody(request, limit));
    if (options.optional && text.trim() === '') return { ok: true, body: undefined };
    return { ok: true, body: JSON.parse(text) };
  } catch (error) {
    return error instanceof BodyTooLargeError
      ? refused('too-large', 413, `The ${name} is too large.`)
      : refused('malformed', 400, `The ${name} must be JSON.`);
  }
}

export type FormType = 'application/x-www-form-urlencoded' | 'multipart/form-data';

/**
 * A form body of one of `types`, up to `limit` bytes, parsed by the runtime's own parser (Deno's
 * multipart parser on hosted Supabase as locally). The type is checked before anything is read: another
 * type, or a multipart body without its boundary, is 415; a form that cannot be parsed, 400.
 */
export async function readFormBody(
  request: Request,
  limit: number,
  types: readonly FormType[],
): Promise<BodyRead<FormData>> {
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  const boundaryMissing = mediaType === 'multipart/form-data' && !contentType.includes(';');
  if (!(types as readonly string[]).includes(mediaType) || boundaryMissing) {
    return refused('wrong-type', 415, `Send ${types.join(' or ')}.`);
  }
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBoundedBody(request, limit);
  } catch (error) {
    return error instanceof BodyTooLargeError
      ? refused('too-large', 413, 'The request body is too large.')
      : refused('malformed', 400, 'The form data could not be read.');
  }
  try {
    return {
      ok: true,
      body: await new Response(bytes, { headers: { 'content-type': contentType } }).formData(),
    };
  } catch {
    return refused('malformed', 400, 'The form data could not be read.');
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
