import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';
import type { Admission, Reply } from '../http/route.ts';
import type { Outbox, OutboxMail } from './outbox.ts';

/**
 * A stand-in for the part of Resend's API the functions use (POST /emails with an Idempotency-Key), so
 * that locally the functions send mail exactly as in production, over HTTP with RESEND_API_KEY, and the
 * mail lands in the outbox. Functions reach it as RESEND_API_URL = <this server>/resend. Errors take
 * Resend's documented shape ({statusCode, name, message}); what it does not do: rate limits, batches,
 * attachments, scheduling.
 */
export interface ResendStandIn {
  outbox: Outbox;
  /** The only key accepted (LOCAL_RESEND_API_KEY). */
  apiKey: string;
}

/** A message is far below this; Resend's own limit is 40 MB with attachments, which we never send. */
const BODY_LIMIT = 1024 * 1024;

const resendError = (statusCode: number, name: string, message: string): Reply => ({
  status: statusCode,
  body: { statusCode, name, message },
});

const PRINTABLE = /^[\x20-\x7e]*$/;

function parseMail(body: unknown, idempotencyKey: string): OutboxMail | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'Invalid JSON body.';
  const fields = body as Record<string, unknown>;
  const to = Array.isArray(fields.to) ? fields.to : [fields.to];
  if (to.length !== 1 || typeof to[0] !== 'string') return 'Exactly one `to` address is expected.';
  for (const name of ['from', 'subject', 'html', 'text'] as const) {
    if (typeof fields[name] !== 'string') return `The \`${name}\` field must be a string.`;
  }
  let headers: Record<string, string> | undefined;
  if (fields.headers !== undefined) {
    if (typeof fields.headers !== 'object' || fields.headers === null) {
      return 'The `headers` field must be an object.';
    }
    headers = {};
    for (const [name, value] of Object.entries(fields.headers)) {
      if (typeof value !== 'string' || !PRINTABLE.test(name) || !PRINTABLE.test(value)) {
        return 'Header names and values must be printable ASCII strings.';
      }
      headers[name] = value;
    }
  }
  return {
    from: fields.from as string,
    to: to[0],
    subject: fields.subject as string,
    html: fields.html as string,
    text: fields.text as string,
    ...(headers ? { headers } : {}),
    idempotencyKey,
  };
}

/** Resend's 422 for a request it cannot take. */
function refuse(ctx: RequestContext, message: string): void {
  const reply = resendError(422, 'validation_error', message);
  sendJson(ctx.res, reply.status, reply.body);
}

async function accept(ctx: RequestContext, standIn: ResendStandIn): Promise<void> {
  const idempotencyKey = ctx.req.headers['idempotency-key'];
  let body: unknown;
  try {
    body = JSON.parse(ctx.body.bytes.toString('utf8'));
  } catch {
    return refuse(ctx, 'Invalid JSON body.');
  }
  // Our functions always send one; without it a retry could mail twice, so it is required here.
  if (typeof idempotencyKey !== 'string' || idempotencyKey === '' || idempotencyKey.length > 256) {
    return refuse(ctx, 'An Idempotency-Key header is required.');
  }
  const mail = parseMail(body, idempotencyKey);
  if (typeof mail === 'string') return refuse(ctx, mail);
  sendJson(ctx.res, 200, await standIn.outbox.accept(mail));
}

/** POST /resend/emails with `Authorization: Bearer <key>`. */
export function admitResend(
  method: string | undefined,
  authorization: string | undefined,
  standIn: ResendStandIn,
  path: string,
): Admission {
  if (path !== '/emails') return { refuse: resendError(404, 'not_found', 'Route not found.') };
  if (method !== 'POST') {
    return { refuse: resendError(405, 'method_not_allowed', 'Method is not allowed.') };
  }
  const key = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1];
  if (key === undefined) {
    return {
      refuse: resendError(401, 'missing_api_key', 'Missing API key in the authorization header.'),
    };
  }
  if (key !== standIn.apiKey) {
    return { refuse: resendError(403, 'invalid_api_key', 'API key is invalid.') };
  }
  return {
    bodyLimit: BODY_LIMIT,
    tooLarge: resendError(413, 'payload_too_large', 'The request body is too large.'),
    handle: (ctx) => accept(ctx, standIn),
  };
}
