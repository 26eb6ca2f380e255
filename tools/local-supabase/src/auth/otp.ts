import type { Queryable } from '../db/database.ts';
import type { RequestContext } from '../http/context.ts';
import { sendJson } from '../http/reply.ts';
import type { AuthServices } from './auth-services.ts';
import { authErrors } from './errors.ts';
import { redirectTarget } from './redirect.ts';
import { decodeParams, validateEmail } from './request-params.ts';
import { generateOtp, tokenHash } from './secrets.ts';
import type { Client } from './sessions.ts';
import {
  CODE_COLUMNS,
  createUser,
  findUserByEmail,
  storeCode,
  USER_COLUMNS,
  userJson,
  type CodeKind,
  type UserRow,
} from './users.ts';

const OTP_PARAMS = {
  email: 'string',
  phone: 'string',
  create_user: 'boolean',
  data: 'object',
  channel: 'string',
  code_challenge: 'string',
  code_challenge_method: 'string',
} as const;

/** Supabase Auth's validatePKCEParams: both or neither, and a challenge of the allowed shape. */
function checkPkce(challenge: string, method: string): void {
  if ((challenge === '') !== (method === '')) {
    throw authErrors.validation('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return;
  if (challenge.length < 43 || challenge.length > 128) {
    throw authErrors.validation('code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw authErrors.validation(
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
}

/** A code handed out: what the mail carries, and what to put back if the mail cannot be sent. */
interface IssuedCode {
  user: UserRow;
  kind: CodeKind;
  otp: string;
  tokenHash: string;
  stored: string;
  previous: { token: string | null; sentAt: Date | null };
  created: boolean;
}

function frequencyCheck(services: AuthServices, sentAt: Date | null, now: Date): void {
  const frequencyMs = services.settings.email.maxFrequencySeconds * 1000;
  if (sentAt === null) return;
  const leftMs = sentAt.getTime() + frequencyMs - now.getTime();
  if (leftMs > 0) {
    throw authErrors.overEmailSendRateLimit(
      `For security purposes, you can only request this after ${Math.trunc(leftMs / 1000)} seconds.`,
    );
  }
}

async function confirmNow(db: Queryable, user: UserRow, now: Date): Promise<UserRow> {
  const { rows } = await db.query<UserRow>(
    `update auth.users set email_confirmed_at = $2, updated_at = $2,
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'
     where id = $1 returning ${USER_COLUMNS}`,
    [user.id, now],
  );
  return rows[0];
}

/**
 * In one transaction, with the user's row locked: the user (created when new and sign-ups are open),
 * the per-address and server-wide limits, and the new code's digest in its column. Committed before the
 * mail goes out, so no transaction waits on the hook (which itself calls this server's database).
 */
async function issueCode(
  db: Queryable,
  services: AuthServices,
  email: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<IssuedCode> {
  const { settings } = services;
  let user = await findUserByEmail(db, email, true);
  let created = false;
  if (!user || user.email_confirmed_at === null) {
    if (!settings.signupEnabled) throw authErrors.signupDisabled();
    if (!user) ({ user, created } = await createUser(db, email, data, now));
    // With confirmations off, Auth trusts a new address at once and sends it a magic link.
    if (!settings.email.confirmations && user.email_confirmed_at === null) {
      user = await confirmNow(db, user, now);
    }
  }
  const kind: CodeKind = user.email_confirmed_at === null ? 'confirmation' : 'recovery';
  const columns = CODE_COLUMNS[kind];
  frequencyCheck(
    services,
    kind === 'confirmation' ? user.confirmation_sent_at : user.recovery_sent_at,
    now,
  );
  if (!services.limits.emailSent.take()) {
    throw authErrors.overEmailSendRateLimit('email rate limit exceeded');
  }
  const { rows: previousRows } = await db.query<{ token: string | null; sent_at: Date | null }>(
    `select ${columns.token} as token, ${columns.sentAt} as sent_at from auth.users where id = $1`,
    [user.id],
  );
  const otp = generateOtp(settings.email.otpLength);
  const hash = tokenHash(email, otp);
  const stored = services.digest(hash);
  return {
    user: await storeCode(db, user.id, kind, stored, now),
    kind,
    otp,
    tokenHash: hash,
    stored,
    previous: { token: previousRows[0].token, sentAt: previousRows[0].sent_at },
    created,
  };
}

/** The mail was not sent: the code is withdrawn, and a user made for it removed, as Auth rolls back. */
async function withdrawCode(db: Queryable, issued: IssuedCode): Promise<void> {
  const columns = CODE_COLUMNS[issued.kind];
  await db.query(
    `update auth.users set ${columns.token} = $3, ${columns.sentAt} = $4
     where id = $1 and ${columns.token} = $2`,
    [issued.user.id, issued.stored, issued.previous.token, issued.previous.sentAt],
  );
  if (issued.created) {
    await db.query('delete from auth.users where id = $1 and last_sign_in_at is null', [
      issued.user.id,
    ]);
  }
}

async function sendCode(
  ctx: RequestContext,
  services: AuthServices,
  client: Client,
  email: string,
  data: Record<string, unknown>,
): Promise<void> {
  if (!services.settings.email.enabled) throw authErrors.emailProviderDisabled();
  const address = validateEmail(email);
  const now = services.now();
  const issued = await services.database.transaction((db) =>
    issueCode(db, services, address, data, now),
  );
  try {
    await services.mailer({
      user: userJson(issued.user) as Record<string, unknown> & { email: string },
      otp: issued.otp,
      tokenHash: issued.tokenHash,
      actionType: issued.kind === 'confirmation' ? 'signup' : 'magiclink',
      redirectTo: redirectTarget(
        ctx.url.searchParams.get('redirect_to'),
        ctx.req.headers.referer,
        services.siteUrl(),
        services.settings.additionalRedirectUrls,
      ),
      authUrl: services.authUrl(),
      clientAddress: client.ip,
      now,
    });
  } catch (error) {
    await services.database.transaction((db) => withdrawCode(db, issued));
    throw error;
  }
}

/**
 * POST /auth/v1/otp with an email: a one-time code for that address (a sign-up code when the address is
 * new or unconfirmed, a magic link's otherwise), sent through the Send Email Hook; answers `{}`.
 */
export async function handleOtp(
  ctx: RequestContext,
  services: AuthServices,
  client: Client,
): Promise<void> {
  const params = decodeParams(ctx.body.bytes, 'OtpParams', OTP_PARAMS);
  const email = params.email ?? '';
  const phone = params.phone ?? '';
  if (email !== '' && phone !== '') {
    throw authErrors.validation('Only an email address or phone number should be provided');
  }
  if (email !== '' && (params.channel ?? '') !== '') {
    throw authErrors.validation('Channel should only be specified with Phone OTP');
  }
  checkPkce(params.code_challenge ?? '', params.code_challenge_method ?? '');
  if (params.create_user === false && email !== '') {
    const address = validateEmail(email);
    const known = await services.database.transaction((db) => findUserByEmail(db, address));
    if (!known) throw authErrors.otpDisabled();
  }
  if (email !== '') {
    await sendCode(ctx, services, client, email, params.data ?? {});
  } else if (phone !== '') {
    throw authErrors.phoneProviderDisabled();
  } else {
    throw authErrors.validation('One of email or phone must be set');
  }
  sendJson(ctx.res, 200, {});
}
