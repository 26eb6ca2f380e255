import type { IncomingMessage } from 'node:http';
import { escapeHtml } from '@agentora/backend/mail/html';
import { INVITE_PARAM, REDEEM_INVITE_FUNCTION } from '@agentora/backend-rules/launch-waves';
import type { RequestContext } from '../http/context.ts';
import { sendJson, sendRaw } from '../http/reply.ts';
import type { Admission } from '../http/route.ts';

// A stand-in for the product's join page (local only; the product itself is another team's): where an
// invitation's link leads under `npm start` (PRODUCT_URL = <this server>/product/join), doing what the
// product does with it (docs/launch-waves.md, "For the product team"). The page a link opens (GET)
// redeems nothing: mail scanners open links too, and would use the invitation up. The invitee's click
// (POST) redeems it, server to server: this server calls its own redeem-invite with the secret key,
// never the browser.

export interface ProductServices {
  /** POSTs {token} to redeem-invite with the secret key: its status and JSON answer. */
  redeem(token: string): Promise<{ status: number; body: unknown }>;
}

/** The product's services over this server's own redeem-invite. */
export function productServices(apiUrl: () => string, secretKey: string): ProductServices {
  return {
    async redeem(token) {
      const response = await fetch(`${apiUrl()}/functions/v1/${REDEEM_INVITE_FUNCTION}`, {
        method: 'POST',
        headers: { apikey: secretKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      return { status: response.status, body: await response.json() };
    },
  };
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
  'Cache-Control': 'no-store',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:40rem;color:#111}code{word-break:break-all}</style>
</head>
<body>
<p><em>The product's join page, as the local server stands in for it.</em></p>
<h1>${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

function invitationPage(token: string | null): string {
  if (!token) return page('No invitation', '<p>This link carries no invitation.</p>');
  return page(
    "You're invited",
    `<form method="post" action="/product/join">
<input type="hidden" name="${INVITE_PARAM}" value="${escapeHtml(token)}">
<button type="submit">Join</button>
</form>`,
  );
}

function answerPage(status: number, body: unknown): string {
  const answer = (body ?? {}) as Record<string, unknown>;
  if (status === 200 && typeof answer.invitation === 'object' && answer.invitation !== null) {
    const invitation = answer.invitation as Record<string, unknown>;
    return page(
      'Welcome',
      `<p>Invitation redeemed for <strong>${escapeHtml(String(invitation.email))}</strong>:
#${escapeHtml(String(invitation.place))} on ${escapeHtml(String(invitation.list))}, wave
${escapeHtml(String(invitation.wave))}.</p>`,
    );
  }
  return page(
    'Not redeemed',
    `<p>redeem-invite answered ${status} <code>${escapeHtml(String(answer.error))}</code>:
${escapeHtml(String(answer.message ?? ''))}</p>`,
  );
}

/** /product/join: GET shows the invitation with a Join button, POST (the button) redeems it. */
export function admitProduct(
  req: IncomingMessage,
  product: ProductServices,
  path: string,
): Admission {
  if (path !== '/join') {
    return {
      refuse: { status: 404, body: { message: 'The stand-in product has a join page only' } },
    };
  }
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') {
    return {
      bodyLimit: 0,
      handle: (ctx: RequestContext) =>
        sendRaw(ctx.res, 200, invitationPage(ctx.url.searchParams.get(INVITE_PARAM)), PAGE_HEADERS),
    };
  }
  if (method !== 'POST') {
    return {
      refuse: {
        status: 405,
        body: { message: 'Use GET or POST.' },
        headers: { Allow: 'GET, HEAD, POST' },
      },
    };
  }
  return {
    bodyLimit: 1024,
    async handle(ctx: RequestContext) {
      const token = new URLSearchParams(ctx.body.bytes.toString('utf8')).get(INVITE_PARAM) ?? '';
      try {
        const { status, body } = await product.redeem(token);
        sendRaw(ctx.res, status === 200 ? 200 : 422, answerPage(status, body), PAGE_HEADERS);
      } catch (error) {
        sendJson(ctx.res, 502, { message: `redeem-invite could not be reached: ${String(error)}` });
      }
    },
  };
}
