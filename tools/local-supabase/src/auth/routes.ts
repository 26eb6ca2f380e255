import type { IncomingMessage } from 'node:http';
import { socketAddress } from '../http/forwarded-headers.ts';
import { authenticateApiKeyHeader } from '../http/auth.ts';
import { SMALL_BODY_LIMIT } from '../http/body-limits.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';
import type { Admission, Reply, Route } from '../http/route.ts';
import type { AuthServices } from './auth-services.ts';
import { handleGenerateLink } from './admin.ts';
import { AuthFailure, authErrors, failureReply, sendFailure } from './errors.ts';
import { handleLogout } from './logout.ts';
import { handleOtp } from './otp.ts';
import type { RateLimiter } from './rate-limiter.ts';
import { handleRefresh } from './refresh.ts';
import type { Client } from './sessions.ts';
import { handleGetUser } from './user.ts';
import { handleVerify } from './verify.ts';

type Handler = (ctx: RequestContext, services: AuthServices, client: Client) => Promise<void>;

interface Endpoint {
  method: 'GET' | 'POST';
  handle: Handler;
  /** The per-client-address limit Auth applies before reading anything. */
  limiter?: (services: AuthServices) => RateLimiter;
}

const ENDPOINTS: ReadonlyMap<string, Endpoint> = new Map<string, Endpoint>([
  ['/otp', { method: 'POST', handle: handleOtp, limiter: (s) => s.limits.otp }],
  ['/verify', { method: 'POST', handle: handleVerify, limiter: (s) => s.limits.verify }],
  [
    '/token',
    {
      method: 'POST',
      handle: (ctx, services) => handleRefresh(ctx, services),
      limiter: (s) => s.limits.token,
    },
  ],
  ['/user', { method: 'GET', handle: (ctx, services) => handleGetUser(ctx, services) }],
  ['/logout', { method: 'POST', handle: (ctx, services) => handleLogout(ctx, services) }],
  // The admin API's one endpoint served here (the secret key's; not rate limited, as in Auth).
  [
    '/admin/generate_link',
    { method: 'POST', handle: (ctx, services) => handleGenerateLink(ctx, services) },
  ],
]);

const failure = (req: IncomingMessage, error: AuthFailure): Reply =>
  failureReply(error, req.headers);

// Unknown paths and methods: Supabase Auth's router answers them with its status and no error code.
const NOT_FOUND: Reply = { status: 404, body: { message: '404 page not found' } };
const METHOD_NOT_ALLOWED: Reply = { status: 405, body: { message: 'Method not allowed' } };

function route(services: AuthServices, endpoint: Endpoint, client: Client): Route {
  return {
    bodyLimit: endpoint.method === 'POST' ? SMALL_BODY_LIMIT : 0,
    async handle(ctx) {
      try {
        await endpoint.handle(ctx, services, client);
      } catch (error) {
        if (!(error instanceof AuthFailure)) {
          console.error('local-supabase: auth request failed', error);
        }
        sendFailure(
          ctx.res,
          ctx.req.headers,
          error instanceof AuthFailure
            ? error
            : authErrors.internal(
                'Unexpected failure, please check server logs for more information',
              ),
        );
      }
    },
  };
}

/**
 * /auth/v1/...: Supabase Auth's endpoints for email one-time-code sign-in. Decided from the request head:
 * the path and method, the gateway's API key check (every endpoint but the public key set), the grant
 * type, and the per-address rate limits; only then is a body (at most a REST call's) read.
 */
export async function admitAuth(
  req: IncomingMessage,
  services: AuthServices,
  path: string,
): Promise<Admission> {
  const method = req.method ?? 'GET';
  if (path === '/.well-known/jwks.json') {
    if (method !== 'GET' && method !== 'HEAD') return { refuse: METHOD_NOT_ALLOWED };
    return {
      bodyLimit: 0,
      handle: (ctx) =>
        sendJson(
          ctx.res,
          200,
          { keys: [services.signingKey.publicJwk] },
          { 'Cache-Control': 'public, max-age=600' },
        ),
    };
  }
  const endpoint = ENDPOINTS.get(path);
  if (!endpoint) return { refuse: NOT_FOUND };
  if (method !== endpoint.method) return { refuse: METHOD_NOT_ALLOWED };

  const key = await authenticateApiKeyHeader(req.headers, services.jwt);
  if (!key.ok) {
    const hint =
      key.problem === 'missing'
        ? 'Provide the publishable or anon key in the apikey header.'
        : 'Double check your Supabase `anon` or `service_role` API key.';
    return { refuse: { status: 401, body: { message: key.message, hint } } };
  }
  if (path === '/token') {
    const grantType = new URL(req.url ?? '', 'http://local-supabase.invalid').searchParams.get(
      'grant_type',
    );
    if (grantType !== 'refresh_token') {
      return { refuse: failure(req, authErrors.unsupportedGrantType()) };
    }
  }
  const client: Client = { ip: socketAddress(req), userAgent: req.headers['user-agent'] };
  const limiter = endpoint.limiter?.(services);
  if (limiter && !limiter.take(client.ip)) {
    return { refuse: failure(req, authErrors.overRequestRateLimit()) };
  }
  return {
    ...route(services, endpoint, client),
    tooLarge: failure(req, authErrors.tooLarge(SMALL_BODY_LIMIT)),
  };
}
