import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';
import type { AuthServices } from './auth-services.ts';
import { bearerUser } from './bearer-user.ts';
import { authErrors } from './errors.ts';
import { userJson } from './users.ts';

/** GET /auth/v1/user: the signed-in user, as supabase-js getUser() reads it. */
export async function handleGetUser(ctx: RequestContext, services: AuthServices): Promise<void> {
  const { user, claims } = await bearerUser(ctx.req.headers, services);
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (aud !== user.aud) {
    throw authErrors.validation("Token audience doesn't match request audience");
  }
  sendJson(ctx.res, 200, userJson(user));
}
