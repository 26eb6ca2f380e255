import { webhookHeaders } from '@agentora/backend/webhooks/standard-webhooks';
import { AuthFailure, authErrors } from './errors.ts';

/** Hosted Supabase gives an HTTP hook 5 seconds, and reads at most 200 KB of its answer. */
export const HOOK_TIMEOUT_MS = 5_000;
const HOOK_ANSWER_LIMIT = 200 * 1024;

export interface HookTarget {
  url: string;
  secret: string;
  /** Awaited before the call: a local function's worker booting does not count against the timeout. */
  ready?: () => Promise<unknown>;
}

/** A hook's `{error: {http_code, message}}`: that status and message, as Supabase Auth passes it on. */
function hookError(answer: unknown): AuthFailure | undefined {
  const error = (answer as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return undefined;
  const { http_code: status, message } = error as { http_code?: unknown; message?: unknown };
  if (typeof message !== 'string' || message === '') return undefined;
  const code = typeof status === 'number' && status >= 400 && status <= 599 ? status : 500;
  return new AuthFailure(code, '', message);
}

async function readAnswer(response: Response): Promise<unknown> {
  const mediaType = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new AuthFailure(
      400,
      'hook_payload_invalid_content_type',
      mediaType === ''
        ? 'Invalid Content-Type: Missing Content-Type header'
        : `Invalid JSON response. Received content-type: ${response.headers.get('content-type')}`,
    );
  }
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > HOOK_ANSWER_LIMIT) {
    throw new AuthFailure(
      422,
      'hook_payload_over_size_limit',
      `Payload size exceeded size limit of ${HOOK_ANSWER_LIMIT} bytes`,
    );
  }
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw authErrors.internal('Error unmarshaling JSON output.');
  }
}

/**
 * Calls the Send Email Hook as Supabase Auth does (internal/hooks/hookshttp in supabase/auth): a signed
 * POST of the payload, 5 seconds to answer, and the answer mapped to Auth's errors. 200, 202 and 204 mean
 * sent; one call, no retries.
 */
export async function callSendEmailHook(target: HookTarget, payload: unknown): Promise<void> {
  const body = JSON.stringify(payload);
  // A worker that fails to boot is answered for by the gateway (503), which the mapping below reports.
  await target.ready?.().catch(() => undefined);
  // Signed as Supabase Auth signs (Standard Webhooks), by the module the function verifies with.
  const signature = await webhookHeaders(target.secret, body);
  let response: Response;
  try {
    response = await fetch(target.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Accept-Encoding': 'identity',
        ...signature,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(HOOK_TIMEOUT_MS),
    });
    if (response.status === 204) return;
    if (response.status === 200 || response.status === 202) {
      const failure = hookError(await readAnswer(response));
      if (failure) throw failure;
      return;
    }
    await response.body?.cancel();
  } catch (error) {
    if (error instanceof AuthFailure) throw error;
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      throw new AuthFailure(
        422,
        'hook_timeout',
        `Failed to reach hook within maximum time of ${(HOOK_TIMEOUT_MS / 1000).toFixed(6)} seconds`,
      );
    }
    throw new AuthFailure(
      422,
      'hook_timeout_after_retry',
      'Failed to reach hook after maximum retries',
    );
  }
  switch (response.status) {
    case 429:
    case 503:
      throw authErrors.internal('Service currently unavailable due to hook');
    case 400:
      throw authErrors.internal('Invalid payload sent to hook');
    case 401:
      throw authErrors.internal('Hook requires authorization token');
    default:
      throw authErrors.internal(`Unexpected status code returned from hook: ${response.status}`);
  }
}
