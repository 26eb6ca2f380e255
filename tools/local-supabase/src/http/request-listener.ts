// What answers each request, whichever socket it came in on (server/listen.ts opens those): the Host and
// Origin checks, CORS, the area a path belongs to, its admission, and the body read within its limit.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import {
  TURNSTILE_SCRIPT_PATH,
  TURNSTILE_SITEVERIFY_PATH,
} from '@agentora/backend-rules/bot-check';
import type { AuthServices } from '../auth/auth-services.ts';
import { admitAuth } from '../auth/routes.ts';
import { admitFunction, type FunctionsServices } from '../functions/routes.ts';
import { handleAudience } from '../outbox/audience-routes.ts';
import { admitResend, handleOutbox, type MailServices } from '../outbox/routes.ts';
import { admitProduct, type ProductServices } from '../product/join-page.ts';
import { admitRest, type RestServices } from '../rest/routes.ts';
import { admitStorage, type StorageServices } from '../storage/routes.ts';
import { admitTurnstile, TURNSTILE_AREA } from '../turnstile/routes.ts';
import {
  BodyBudget,
  BodyBudgetExhausted,
  BodyTooLarge,
  EMPTY_BODY,
  hasBody,
  readBody,
  RequestAborted,
  type RequestBody,
} from './body.ts';
import { BODY_BUDGET_BYTES } from './body-limits.ts';
import { corsHeaders, type OriginPolicy } from './cors.ts';
import type { HostPolicy } from './host.ts';
import { sendEmpty, sendJson } from './reply.ts';
import { bodyless, type Admission, type Reply } from './route.ts';

export interface HttpServices {
  /** Supabase Auth's email one-time-code sign-in (src/auth/routes.ts). */
  auth: AuthServices;
  rest: RestServices;
  storage: StorageServices;
  functions: FunctionsServices;
  /** The outbox, and Resend's API that fills it. */
  mail: MailServices;
  /** The stand-in of the product's join page, where invitations' links lead (product/join-page.ts). */
  product?: ProductServices;
  /** The Host headers answered (see host.ts). */
  hosts: HostPolicy;
  /** The browser origins given CORS access (see cors.ts). */
  origins: OriginPolicy;
  /**
   * Whether the server has finished starting (its functions' workers too, when they are prestarted):
   * /health answers 503 until then, so whoever waits for it gets a server that serves everything.
   */
  isReady?: () => boolean;
}

interface Area {
  /** Whether allowed origins get CORS headers. Not for the outbox: no web page may read the mail. */
  cors: boolean;
  admit(req: IncomingMessage): Admission | Promise<Admission>;
}

/** The path after `prefix` when the path is under it ('' for the prefix itself), else undefined. */
function under(pathname: string, prefix: string): string | undefined {
  if (pathname === prefix) return '';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : undefined;
}

const INDEX = {
  name: 'local-supabase',
  endpoints: [
    '/auth/v1',
    '/rest/v1',
    '/storage/v1',
    '/functions/v1',
    '/outbox',
    '/outbox.json',
    '/outbox/audience.json',
    '/resend/emails',
    '/product/join',
    '/resend/contacts',
    '/resend/segments',
    TURNSTILE_SCRIPT_PATH,
    TURNSTILE_SITEVERIFY_PATH,
    '/health',
  ],
};

function areaFor(pathname: string, services: HttpServices): Area {
  let rest: string | undefined;
  if ((rest = under(pathname, '/auth/v1')) !== undefined) {
    const path = rest;
    return { cors: true, admit: (req) => admitAuth(req, services.auth, path) };
  }
  if ((rest = under(pathname, '/rest/v1')) !== undefined) {
    const path = rest;
    return { cors: true, admit: (req) => admitRest(req, services.rest, path) };
  }
  if ((rest = under(pathname, '/storage/v1')) !== undefined) {
    const path = rest;
    return { cors: true, admit: (req) => admitStorage(req, services.storage, path) };
  }
  if ((rest = under(pathname, '/functions/v1')) !== undefined) {
    const path = rest;
    return { cors: true, admit: (req) => admitFunction(req, services.functions, path) };
  }
  const audiencePath =
    pathname === '/outbox/audience.json' ? '.json' : under(pathname, '/outbox/audience');
  if (audiencePath !== undefined) {
    return {
      cors: false,
      admit: () => bodyless((ctx) => handleAudience(ctx, services.mail.audience, audiencePath)),
    };
  }
  const outboxPath = pathname === '/outbox.json' ? '.json' : under(pathname, '/outbox');
  if (outboxPath !== undefined) {
    return {
      cors: false,
      admit: () => bodyless((ctx) => handleOutbox(ctx, services.mail.outbox, outboxPath)),
    };
  }
  if ((rest = under(pathname, '/resend')) !== undefined) {
    const path = rest;
    return {
      cors: false,
      admit: (req) => admitResend(req, services.mail, path),
    };
  }
  const product = services.product;
  if (product && (rest = under(pathname, '/product')) !== undefined) {
    const path = rest;
    // A page of its own, like the outbox: no other site's page may read it.
    return { cors: false, admit: (req) => admitProduct(req, product, path) };
  }
  // Cloudflare Turnstile's widget script and siteverify: a script element loads the one, the functions
  // call the other; no page reads either's answer.
  if (under(pathname, TURNSTILE_AREA) !== undefined) {
    return { cors: false, admit: (req) => admitTurnstile(req, pathname) };
  }
  if (pathname === '/health') {
    return {
      cors: true,
      admit: () =>
        bodyless((ctx) =>
          (services.isReady?.() ?? true)
            ? sendJson(ctx.res, 200, { status: 'ok' })
            : sendJson(ctx.res, 503, { status: 'starting' }, { 'Retry-After': '1' }),
        ),
    };
  }
  if (pathname === '/')
    return { cors: true, admit: () => bodyless((ctx) => sendJson(ctx.res, 200, INDEX)) };
  return {
    cors: true,
    admit: () => ({
      refuse: { status: 404, body: { message: 'no Route matched with those values' } },
    }),
  };
}

/** The request target, or undefined when it is not a URL path whose segments decode. */
function parseTarget(req: IncomingMessage): URL | undefined {
  try {
    // A fixed base: the Host header is only checked against the allowlist, never used to build URLs.
    const url = new URL(req.url ?? '/', 'http://local-supabase.invalid');
    url.pathname.split('/').forEach((segment) => decodeURIComponent(segment));
    return url;
  } catch {
    return undefined;
  }
}

/**
 * Answers without reading the body. A body the client is still sending is neither read nor drained
 * into memory: the answer says Connection: close, and Node closes the socket once it is written.
 */
function answerUnread(req: IncomingMessage, res: ServerResponse, reply: Reply): void {
  if (hasBody(req)) res.setHeader('Connection', 'close');
  sendJson(res, reply.status, reply.body, reply.headers);
}

const PAYLOAD_TOO_LARGE: Reply = { status: 413, body: { message: 'Payload too large' } };

const BODIES_BUDGET_SPENT: Reply = {
  status: 503,
  body: { message: 'The server is receiving too many large requests at once. Try again shortly.' },
  headers: { 'Retry-After': '1' },
};

// A cross-site page can send a "simple" POST (a form, text/plain) without a preflight: CORS only keeps
// it from reading the answer, not the request from taking effect. Every state-changing route here needs
// a key header, which a simple request cannot carry, so this is a second fence: a request that a browser
// marked as coming from another site's page changes nothing, whatever a future route's rules are.
// Non-browser clients (supabase-js in Node, curl) send no Origin and are unaffected.
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * The request pipeline. Everything up to the area's admission (Host, target, origin, preflight, route,
 * key, body limit) is decided from the request head alone (a key's signature is checked, nothing asks
 * the database), so no body waits unread for the database; only then is the body read, within the
 * route's limit, and handed to the route.
 */
export function createRequestListener(services: HttpServices): RequestListener {
  const budget = new BodyBudget(BODY_BUDGET_BYTES);
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    if (!services.hosts.allows(req.headers.host)) {
      answerUnread(req, res, {
        status: 421,
        body: { message: 'This server answers only to localhost, 127.0.0.1 and [::1]' },
      });
      return;
    }
    const url = parseTarget(req);
    if (!url) {
      answerUnread(req, res, { status: 400, body: { message: 'Malformed request URL' } });
      return;
    }
    const area = areaFor(url.pathname, services);
    const origin = req.headers.origin;
    const originAllowed = origin !== undefined && services.origins.allows(origin);
    if (area.cors) {
      res.setHeader('Vary', 'Origin');
      if (originAllowed) {
        for (const [name, value] of Object.entries(corsHeaders(origin, req.headers)))
          res.setHeader(name, value);
      }
    }
    if (origin !== undefined && !originAllowed && !READ_METHODS.has(method)) {
      answerUnread(req, res, {
        status: 403,
        body: { message: `Requests from the origin ${origin} are not allowed` },
      });
      return;
    }
    if (method === 'OPTIONS') {
      if (hasBody(req)) res.setHeader('Connection', 'close');
      sendEmpty(res, 204);
      return;
    }

    Promise.resolve()
      .then(async () => {
        const admission = await area.admit(req);
        if ('refuse' in admission) return answerUnread(req, res, admission.refuse);
        if (admission.bodyLimit === 0) {
          if (hasBody(req)) res.setHeader('Connection', 'close');
          return admission.handle({ req, res, url, body: EMPTY_BODY });
        }
        let body: RequestBody;
        try {
          body = await readBody(req, admission.bodyLimit, budget);
        } catch (error) {
          if (error instanceof BodyTooLarge)
            return answerUnread(req, res, admission.tooLarge ?? PAYLOAD_TOO_LARGE);
          if (error instanceof BodyBudgetExhausted)
            return answerUnread(req, res, BODIES_BUDGET_SPENT);
          throw error;
        }
        const { size } = body;
        res.once('close', () => budget.give(size));
        return admission.handle({ req, res, url, body });
      })
      .catch((error: unknown) => {
        if (error instanceof RequestAborted) return;
        console.error(`local-supabase: ${method} ${url.pathname} failed`, error);
        if (res.headersSent) {
          res.destroy();
        } else {
          answerUnread(req, res, { status: 500, body: { message: 'Internal server error' } });
        }
      });
  };
}
