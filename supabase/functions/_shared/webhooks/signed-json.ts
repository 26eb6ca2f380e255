import { readTextBody } from '../http/body.ts';
import { verifyWebhook, type HeaderNames } from './standard-webhooks.ts';

/** A signed webhook call's JSON, or why it is refused (each hook answers in its own shape). */
export type SignedJson =
  | { ok: true; id: string; payload: unknown }
  | { ok: false; status: 400 | 401 | 413; message: string };

/**
 * Reads a signed webhook call: its body as text within `maxBytes` (the signature is over these exact
 * bytes), the Standard Webhooks signature and timestamp checked before anything parses it, then the JSON.
 * The Send Email Hook (Standard Webhooks' header names) and Resend's events (Svix's) read theirs so.
 */
export async function readSignedJson(
  request: Request,
  keys: readonly Uint8Array<ArrayBuffer>[],
  options: { maxBytes: number; nowSeconds: number; names?: HeaderNames },
): Promise<SignedJson> {
  const read = await readTextBody(request, options.maxBytes);
  if (!read.ok) {
    return read.problem === 'too-large'
      ? { ok: false, status: 413, message: 'The request body is too large.' }
      : { ok: false, status: 400, message: 'The request body could not be read.' };
  }
  const verified = await verifyWebhook(
    keys,
    request.headers,
    read.body,
    options.nowSeconds,
    options.names,
  );
  if (!verified.ok) {
    return {
      ok: false,
      status: 401,
      message:
        verified.reason === 'stale'
          ? 'The webhook timestamp is too old or too far ahead.'
          : 'The webhook signature is missing or wrong.',
    };
  }
  try {
    return { ok: true, id: verified.id, payload: JSON.parse(read.body) };
  } catch {
    return { ok: false, status: 400, message: 'The payload is not JSON.' };
  }
}
