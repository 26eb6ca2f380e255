import type { IncomingHttpHeaders } from 'node:http';
import type { Queryable } from '../db/database.ts';
import { authenticate } from '../http/auth.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';
import type { AuthServices } from './auth-services.ts';
import { AuthFailure, authErrors } from './errors.ts';
import { redirectTarget } from './redirect.ts';
import { decodeParams, validateEmail } from './request-params.ts';
import { generateOtp, tokenHash } from './secrets.ts';
import {
  createUser,
  findUserByEmail,
  storeCode,
  userJson,
  type CodeKind,
  type UserRow,
} from './users.ts';

/**
 * Supabase Auth's requireAdminCredentials: a Bearer token of an admin role. The gateway turns a secret
 * key sent as the bearer into a service_role token, so the secret key (or the legacy service_role JWT)
 * is an admin; the publishable key or a user's session is not.
 */
export async function requireAdmin(
  headers: IncomingHttpHeaders,
  services: AuthServices,
): Promise<void> {
  if (!/^[Bb]earer \S+$/.test(headers.authorization ?? '')) throw authErrors.noAuthorization();
  const caller = await authenticate(headers, services.jwt);
  if (!caller.ok) throw authErrors.badJwt('Invalid token');
  if (caller.caller.role !== 'service_role') {
    throw new AuthFailure(403, 'not_admin', 'User not allowed');
  }
}

const GENERATE_LINK_PARAMS = {
  type: 'string',
  email: 'string',
  new_email: 'string',
  password: 'string',
  data: 'object',
  redirect_to: 'string',
} as const;

/** The link types served here: a sign-in code for anyone, a recovery code for a known user. */
const SERVED_TYPES: ReadonlySet<string> = new Set(['magiclink', 'recovery']);

interface Link {
  user: UserRow;
  otp: string;
  hash: string;
  type: 'signup' | 'magiclink' | 'recovery';
}

async function makeLink(
  db: Queryable,
  services: AuthServices,
  email: string,
  requested: 'magiclink' | 'recovery',
  data: Record<string, unknown>,
  now: Date,
): Promise<Link> {
  let user = await findUserByEmail(db, email, true);
  let type: Link['type'] = requested;
  if (!user) {
    if (requested === 'recovery') {
      throw new AuthFailure(404, 'user_not_found', 'User with this email not found');
    }
    // As Auth does: a magic link for an unknown address signs it up. Sign-ups being closed to the public
    // does not stop the admin.
    type = 'signup';
    ({ user } = await createUser(db, email, data, now));
  }
  const kind: CodeKind = type === 'signup' ? 'confirmation' : 'recovery';
  const otp = generateOtp(services.settings.email.otpLength);
  const hash = tokenHash(email, otp);
  user = await storeCode(db, user.id, kind, services.digest(hash), now);
  return { user, otp, hash, type };
}

/**
 * POST /auth/v1/admin/generate_link (supabase-js auth.admin.generateLink): a code and its token hash for
 * an address, answered to the admin instead of mailed, as Supabase Auth's adminGenerateLink does. No mail,
 * so none of Auth's mail limits apply (the hour's budget, the wait between two codes for an address), and
 * a new code replaces the address's previous one of the same kind.
 */
export async function handleGenerateLink(
  ctx: RequestContext,
  services: AuthServices,
): Promise<void> {
  await requireAdmin(ctx.req.headers, services);
  const params = decodeParams(ctx.body.bytes, 'GenerateLinkParams', GENERATE_LINK_PARAMS);
  const requested = params.type ?? '';
  const email = validateEmail(params.email);
  if (!SERVED_TYPES.has(requested)) {
    throw authErrors.validation(
      `local-supabase generates only magiclink and recovery links, not ${JSON.stringify(requested)}`,
    );
  }
  const redirectTo = redirectTarget(
    params.redirect_to ?? ctx.url.searchParams.get('redirect_to'),
    undefined,
    services.siteUrl(),
    services.settings.additionalRedirectUrls,
  );
  const now = services.now();
  const link = await services.database.transaction((db) =>
    makeLink(db, services, email, requested as 'magiclink' | 'recovery', params.data ?? {}, now),
  );
  const action = new URL(`${services.authUrl()}/verify`);
  action.searchParams.set('token', link.hash);
  action.searchParams.set('type', link.type);
  action.searchParams.set('redirect_to', redirectTo);
  sendJson(ctx.res, 200, {
    ...userJson(link.user),
    action_link: action.toString(),
    email_otp: link.otp,
    hashed_token: link.hash,
    verification_type: link.type,
    redirect_to: redirectTo,
  });
}
