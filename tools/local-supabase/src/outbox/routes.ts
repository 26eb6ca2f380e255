import type { IncomingMessage } from 'node:http';
import type { Audience, ResendApi } from '@agentora/fake-resend';
import { escapeHtml } from '@agentora/backend/mail/html';
import type { RequestContext } from '../http/context.ts';
import { sendJson, sendRaw } from '../http/reply.ts';
import type { Admission } from '../http/route.ts';
import type { Outbox, OutboxMessage } from './outbox.ts';

/**
 * The outbox, and Resend's API that fills it (@agentora/fake-resend's, over the outbox's store), with
 * the contacts and segments it holds (outbox/resend-audience.ts).
 */
export interface MailServices {
  outbox: Outbox;
  resend: ResendApi;
  audience: Audience;
}

/**
 * /resend/...: Resend's POST /emails, contacts and segments, so the functions send mail and keep the
 * lists' audience locally exactly as in production, over HTTP with RESEND_API_KEY (RESEND_API_URL =
 * <this server>/resend): the mail lands in the outbox, the contacts in the local audience. Decided from
 * the head (its query included) as Resend decides it; the body is read within its limit.
 */
export function admitResend(req: IncomingMessage, mail: MailServices, path: string): Admission {
  const admission = mail.resend.admit({
    method: req.method ?? 'GET',
    path,
    headers: req.headers,
    query: new URL(req.url ?? '/', 'http://local.invalid').searchParams,
  });
  if ('refuse' in admission) return admission;
  return {
    bodyLimit: admission.bodyLimit,
    tooLarge: admission.tooLarge,
    async handle(ctx) {
      const answer = await admission.answer(ctx.body.bytes);
      sendJson(ctx.res, answer.status, answer.body, answer.headers);
    },
  };
}

// The emails are this project's own templates with every value escaped; the policy is a second fence.
const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:",
  'Cache-Control': 'no-store',
};

function listingPage(messages: OutboxMessage[]): string {
  const rows = messages
    .map(
      (message) => `<tr>
<td>${escapeHtml(new Date(message.createdAt).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</td>
<td>${escapeHtml(message.to)}</td>
<td><a href="/outbox/${escapeHtml(message.id)}">${escapeHtml(message.subject)}</a></td>
<td><a href="/outbox/${escapeHtml(message.id)}.txt">text</a></td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Local outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ddd;padding:.5rem;text-align:left}</style>
</head>
<body>
<h1>Local outbox</h1>
<p>Emails the local server would have sent (${messages.length}). JSON: <a href="/outbox.json">/outbox.json</a></p>
${messages.length === 0 ? '<p>No emails yet.</p>' : `<table><thead><tr><th>Sent</th><th>To</th><th>Subject</th><th></th></tr></thead><tbody>\n${rows}\n</tbody></table>`}
</body>
</html>
`;
}

/** GET /outbox (HTML list), /outbox.json, /outbox/<id> (the email as HTML) and /outbox/<id>.txt. */
export async function handleOutbox(
  ctx: RequestContext,
  outbox: Outbox,
  path: string,
): Promise<void> {
  if (ctx.req.method !== 'GET' && ctx.req.method !== 'HEAD') {
    sendJson(ctx.res, 405, { message: 'The outbox is read-only' }, { Allow: 'GET, HEAD' });
    return;
  }
  if (path === '' || path === '/') {
    sendRaw(ctx.res, 200, listingPage(await outbox.list()), PAGE_HEADERS);
    return;
  }
  if (path === '.json') {
    sendJson(ctx.res, 200, await outbox.list(), { 'Cache-Control': 'no-store' });
    return;
  }
  const match = /^\/([0-9a-f-]{36})(\.txt)?$/.exec(path);
  const message = match ? await outbox.get(match[1]) : undefined;
  if (!match || !message) {
    sendJson(ctx.res, 404, { message: 'No such email in the outbox' });
  } else if (match[2]) {
    sendRaw(ctx.res, 200, message.text, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  } else {
    sendRaw(ctx.res, 200, message.html, PAGE_HEADERS);
  }
}
