import type { IncomingMessage } from 'node:http';
import {
  TURNSTILE_SCRIPT_PATH,
  TURNSTILE_SITEVERIFY_PATH,
} from '@agentora/backend-rules/bot-check';
import { sendJson, sendRaw } from '../http/reply.ts';
import { bodyless, type Admission } from '../http/route.ts';
import { siteverifyAnswer, type SiteverifyFields } from './siteverify.ts';
import { widgetScript } from './widget-script.ts';

/** The area: Cloudflare's own paths (TURNSTILE_SCRIPT_PATH, TURNSTILE_SITEVERIFY_PATH) are under it. */
export const TURNSTILE_AREA = '/turnstile';

/**
 * A siteverify request's largest body: a token is at most 2048 characters, a secret, an address and a
 * UUID a few dozen each; the rest is room for a multipart form's boundaries.
 */
export const SITEVERIFY_BODY_LIMIT = 16 * 1024;

const SCRIPT = widgetScript();
const SCRIPT_HEADERS = {
  'Content-Type': 'text/javascript; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

/** The fields of a JSON, urlencoded or multipart body; undefined when it is none of them or broken. */
async function readFields(
  contentType: string | undefined,
  bytes: Buffer,
): Promise<SiteverifyFields | undefined> {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  try {
    if (type === 'application/json') {
      const value: unknown = JSON.parse(bytes.toString('utf8'));
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as SiteverifyFields)
        : undefined;
    }
    if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
      const form = await new Response(new Uint8Array(bytes), {
        headers: { 'Content-Type': contentType! },
      }).formData();
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' ? value : undefined;
      };
      return {
        secret: text('secret'),
        response: text('response'),
        remoteip: text('remoteip'),
        idempotency_key: text('idempotency_key'),
      };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * /turnstile/...: Cloudflare Turnstile's two addresses at their own paths, for the page and the
 * functions (README, "The bot check's stand-ins"): GET /turnstile/v0/api.js, the widget script
 * (widget-script.ts), and POST /turnstile/v0/siteverify (siteverify.ts).
 */
export function admitTurnstile(req: IncomingMessage, pathname: string): Admission {
  const method = req.method ?? 'GET';
  if (pathname === TURNSTILE_SCRIPT_PATH) {
    if (method !== 'GET' && method !== 'HEAD') {
      return {
        refuse: {
          status: 405,
          body: { message: 'Method not allowed' },
          headers: { Allow: 'GET, HEAD' },
        },
      };
    }
    return bodyless((ctx) => sendRaw(ctx.res, 200, SCRIPT, SCRIPT_HEADERS));
  }
  if (pathname === TURNSTILE_SITEVERIFY_PATH) {
    if (method !== 'POST') {
      return {
        refuse: {
          status: 405,
          body: { message: 'Method not allowed' },
          headers: { Allow: 'POST' },
        },
      };
    }
    return {
      bodyLimit: SITEVERIFY_BODY_LIMIT,
      async handle(ctx) {
        const fields = await readFields(req.headers['content-type'], ctx.body.bytes);
        sendJson(ctx.res, 200, siteverifyAnswer(fields), { 'Cache-Control': 'no-store' });
      },
    };
  }
  return { refuse: { status: 404, body: { message: 'no Route matched with those values' } } };
}
