import type { Queryable } from '../db/database.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';
import type { AuthServices } from './auth-services.ts';
import { AuthFailure, authErrors } from './errors.ts';
import { decodeParams, validateEmail } from './request-params.ts';
import { tokenHash } from './secrets.ts';
import { sessionResponse } from './session-response.ts';
import { createSession, issueRefreshToken, type Client } from './sessions.ts';
import { CODE_COLUMNS, USER_COLUMNS, type CodeKind, type UserRow } from './users.ts';

const VERIFY_PARAMS = {
  type: 'string',
  token: 'string',
  token_hash: 'string',
  email: 'string',
  phone: 'string',
  redirect_to: 'string',
} as const;

/**
 * The codes each verification type may use, in the order Auth tries them. `email` (what
 * verifyOtp({type: 'email'}) sends) takes either; the others (sms, phone_change, email_change) name codes
 * this server never hands out.
 */
const KINDS_BY_TYPE: ReadonlyMap<string, readonly CodeKind[]> = new Map([
  ['email', ['confirmation', 'recovery']],
  ['signup', ['confirmation']],
  ['invite', ['confirmation']],
  ['magiclink', ['recovery']],
  ['recovery', ['recovery']],
]);

/**
 * Uses the code if it is the user's, unexpired and unused: one UPDATE that clears it and confirms the
 * address, so of two requests with one code, exactly one finds it.
 */
async function consumeCode(
  db: Queryable,
  services: AuthServices,
  kind: CodeKind,
  match: { email: string } | undefined,
  stored: string,
  now: Date,
): Promise<UserRow | undefined> {
  const columns = CODE_COLUMNS[kind];
  const validFrom = new Date(now.getTime() - services.settings.email.otpExpirySeconds * 1000);
  const { rows } = await db.query<UserRow>(
    `update auth.users set ${columns.token} = '', updated_at = $3, last_sign_in_at = $3,
       email_confirmed_at = coalesce(email_confirmed_at, $3),
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'
     where ${columns.token} = $1 and ${columns.sentAt} > $4 and ${columns.sentAt} <= $3
       and is_sso_user = false ${match ? 'and lower(email) = $2' : 'and $2::text is null'}
     returning ${USER_COLUMNS}`,
    [stored, match?.email ?? null, now, validFrom],
  );
  return rows[0];
}

/**
 * POST /auth/v1/verify: a code (with the address it was sent to) or its token hash signs the user in:
 * the code is used up, the address confirmed, and a new session answered.
 */
export async function handleVerify(
  ctx: RequestContext,
  services: AuthServices,
  client: Client,
): Promise<void> {
  const params = decodeParams(ctx.body.bytes, 'VerifyParams', VERIFY_PARAMS);
  const type = params.type ?? '';
  const token = params.token ?? '';
  const hashGiven = params.token_hash ?? '';
  const email = params.email ?? '';
  const phone = params.phone ?? '';
  if (type === '') throw authErrors.validation('Verify requires a verification type');
  if ((token === '') === (hashGiven === '')) {
    throw authErrors.validation('Verify requires either a token or a token hash');
  }
  let match: { email: string } | undefined;
  let hash: string;
  let invalid: AuthFailure;
  if (token !== '') {
    if (phone !== '' && email === '')
      throw authErrors.otpExpired('Token has expired or is invalid');
    if (email === '' || phone !== '') {
      throw authErrors.validation(
        'Only an email address or phone number should be provided on verify',
      );
    }
    let address: string;
    try {
      address = validateEmail(email);
    } catch {
      throw authErrors.unprocessable('Invalid email format');
    }
    match = { email: address };
    hash = tokenHash(address, token);
    invalid = authErrors.otpExpired('Token has expired or is invalid');
  } else {
    if (email !== '' || phone !== '' || (params.redirect_to ?? '') !== '') {
      throw authErrors.validation('Only the token_hash and type should be provided');
    }
    hash = hashGiven;
    invalid = authErrors.otpExpired('Email link is invalid or has expired');
  }
  const kinds = KINDS_BY_TYPE.get(type) ?? [];
  const stored = services.digest(hash);
  const now = services.now();
  const answer = await services.database.transaction(async (db) => {
    for (const kind of kinds) {
      const user = await consumeCode(db, services, kind, match, stored, now);
      if (!user) continue;
      const session = await createSession(db, user.id, client, now);
      const refreshToken = await issueRefreshToken(db, services.digest, session, null, now);
      return sessionResponse(services.tokens, user, session, refreshToken, now);
    }
    return undefined;
  });
  if (!answer) throw invalid;
  sendJson(ctx.res, 200, answer);
}
