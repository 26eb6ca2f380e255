import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import {
  clientFor,
  LOCAL_JWT_SECRET,
  pdfBytes,
  signJwt,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { signInToConsole } from './console-sign-in.ts';

// What the console's tests share: sessions as Supabase Auth issues them, staff, and rows to look at.

/** A client that sends `token` as its session (the publishable key as apikey), as supabase-js would. */
export function tokenClient(t: TestServer, token: string): SupabaseClient {
  return createClient(t.server.url, t.server.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/**
 * An access token with GoTrue's claims, signed with the local legacy JWT secret (which the local server,
 * like hosted Supabase with legacy keys, still accepts), or with `secret`. Its `sub` and `session_id` are
 * made up unless `overrides` names them: such a token names no session of Auth, so it is never staff.
 * With a real session's `sub` and `session_id` (`forgedFrom`) it stands for that session with other
 * claims: what a real sign-in cannot give (another sign-in method, an anonymous sign-in, an expired
 * token).
 */
export function accessToken(
  t: TestServer,
  email: string | undefined,
  overrides: Record<string, unknown> = {},
  secret = LOCAL_JWT_SECRET,
): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      iss: `${t.server.url}/auth/v1`,
      sub: randomUUID(),
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
      aal: 'aal1',
      amr: [{ method: 'otp', timestamp: now }],
      session_id: randomUUID(),
      is_anonymous: false,
      iat: now,
      exp: now + 3600,
      ...overrides,
    },
    secret,
  );
}

/** A client of `accessToken`'s token. */
export function sessionClient(
  t: TestServer,
  email: string | undefined,
  overrides: Record<string, unknown> = {},
  secret = LOCAL_JWT_SECRET,
): SupabaseClient {
  return tokenClient(t, accessToken(t, email, overrides, secret));
}

/** The claims of a real session (its user and session ids), for `accessToken`'s overrides. */
export function claimsOf(session: Session): { sub: string; session_id: string } {
  const payload = JSON.parse(
    Buffer.from(session.access_token.split('.')[1], 'base64url').toString('utf8'),
  ) as { sub: string; session_id: string };
  return { sub: payload.sub, session_id: payload.session_id };
}

/** Makes the address staff, as `npm run staff -- add` does. */
export async function addStaff(t: TestServer, email: string): Promise<void> {
  const { error } = await t.service.from('staff').insert({ email: email.toLowerCase() });
  if (error) throw new Error(`Adding staff failed: ${error.message}`);
}

export interface SignedInMember {
  email: string;
  client: SupabaseClient;
  session: Session;
}

/**
 * A session of Supabase Auth for an address, made with the admin API (generate_link, then verifyOtp with
 * its token hash). Nothing else makes one for an address that is not staff: Auth takes no sign-ups and
 * the console mails codes only to staff. It stands for any session Auth might hold for someone else (one
 * made by mistake, or by a sign-in method turned on later).
 */
export async function authSession(
  t: TestServer,
  email: string,
): Promise<{ client: SupabaseClient; session: Session }> {
  const { data, error } = await t.service.auth.admin.generateLink({ type: 'magiclink', email });
  if (error || !data.properties) throw new Error(`generate_link for ${email}: ${error?.message}`);
  const client = clientFor(t.server.url, t.server.publishableKey);
  const verified = await client.auth.verifyOtp({
    token_hash: data.properties.hashed_token,
    type: data.properties.verification_type as 'magiclink' | 'signup',
  });
  if (verified.error || !verified.data.session) {
    throw new Error(`verifyOtp for ${email}: ${verified.error?.message ?? 'no session'}`);
  }
  return { client, session: verified.data.session };
}

/** A new address that is not staff, with an Auth session of its own (authSession). */
export async function signedIn(t: TestServer, label = 'visitor'): Promise<SignedInMember> {
  const email = uniqueEmail(label);
  const { client, session } = await authSession(t, email);
  return { email, client, session };
}

/**
 * A new staff member, signed in through the console with the code from the mail (signInToConsole). An
 * address is mailed only a few codes at once: sign each in once and keep the client.
 */
export async function staffSession(t: TestServer, label = 'staff'): Promise<SignedInMember> {
  const email = uniqueEmail(label);
  await addStaff(t, email);
  const { client, session } = await signInToConsole(t, email);
  return { email, client, session };
}

/**
 * A server for one test file with a staff member and an outsider signed in. Staff sessions are Supabase
 * Auth's own, signed in through the console with a code from the mail; the outsider's is made with
 * Auth's admin API, since nothing else makes one; the claims a real sign-in cannot give are tokens
 * signed with the legacy secret (accessToken).
 */
export async function startConsoleServer(): Promise<{
  t: TestServer;
  staff: SignedInMember;
  outsider: SignedInMember;
}> {
  const t = await startTestServer();
  return { t, staff: await staffSession(t), outsider: await signedIn(t, 'outsider') };
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** An application stored as submit-application stores it, with a résumé in the bucket if asked. */
export async function storeApplication(
  t: TestServer,
  fields: Record<string, unknown> = {},
  options: { resume?: boolean } = {},
): Promise<{ id: string; email: string; resumePath: string | null }> {
  let resumePath: string | null = null;
  if (options.resume) {
    resumePath = `resumes/${Date.now()}-${hex(16)}.pdf`;
    const { error } = await t.service.storage
      .from('applications')
      .upload(resumePath, new Uint8Array(pdfBytes(2048)), { contentType: 'application/pdf' });
    if (error) throw new Error(`Uploading failed: ${error.message}`);
  }
  const row = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail('applicant'),
    why_join: 'To build it.',
    ...(resumePath ? { resume_path: resumePath, resume_filename: 'Ada CV.pdf' } : {}),
    ...fields,
  };
  const { data, error } = await t.service
    .from('general_applications')
    .insert(row)
    .select('id, email')
    .single();
  if (error) throw new Error(`Storing the application failed: ${error.message}`);
  return { id: data.id as string, email: data.email as string, resumePath };
}

/** A waitlist sign-up stored with the service role, confirmed unless told otherwise. */
export async function storeWaitlistSignup(
  t: TestServer,
  fields: Record<string, unknown> = {},
  options: { confirmed?: boolean } = {},
): Promise<{ id: string; email: string }> {
  const { data, error } = await t.service
    .from('waitlist_signups')
    .insert({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: uniqueEmail('member'),
      company: 'Analytical Engines',
      confirmed_at: options.confirmed === false ? null : new Date().toISOString(),
      ...fields,
    })
    .select('id, email')
    .single();
  if (error) throw new Error(`Storing the sign-up failed: ${error.message}`);
  // A member as the console finds it: the thank-you mail its insert queued
  // (supabase/schemas/mail-kinds.sql) went out long ago.
  await t.service.from('mail_queue').delete().eq('kind', 'thank_you').eq('waitlist_id', data.id);
  return { id: data.id as string, email: data.email as string };
}

/** The audit log's lines about a subject, oldest first, as the service role reads them. */
export async function auditLines(
  t: TestServer,
  filter: { subject_id?: string; actor?: string; action?: string },
): Promise<Record<string, unknown>[]> {
  let query = t.service.from('staff_audit_log').select('*').order('id');
  for (const [column, value] of Object.entries(filter)) query = query.eq(column, value);
  const { data, error } = await query;
  if (error) throw new Error(`Reading the audit log failed: ${error.message}`);
  return data as Record<string, unknown>[];
}

/** Erases a mailbox's records as privacy-fulfil does, with a token issued for it. */
export async function eraseMailbox(t: TestServer, email: string): Promise<unknown> {
  const hash = hex(32);
  const issued = await t.service.rpc('issue_privacy_token', {
    p_email: email,
    p_purpose: 'erase',
    p_token_hash: hash,
    p_client_address: '198.51.100.26',
  });
  if (issued.error) throw new Error(`Issuing failed: ${issued.error.message}`);
  const erased = await t.service.rpc('erase_mailbox_records', { p_token_hash: hash });
  if (erased.error) throw new Error(`Erasing failed: ${erased.error.message}`);
  return erased.data;
}

/** Copies a mailbox's records as privacy-fulfil does. */
export async function copyMailbox(t: TestServer, email: string): Promise<Record<string, unknown>> {
  const hash = hex(32);
  await t.service.rpc('issue_privacy_token', {
    p_email: email,
    p_purpose: 'copy',
    p_token_hash: hash,
    p_client_address: '198.51.100.27',
  });
  const copied = await t.service.rpc('copy_mailbox_records', { p_token_hash: hash });
  if (copied.error) throw new Error(`Copying failed: ${copied.error.message}`);
  return copied.data as Record<string, unknown>;
}

/** Every argument of a list function, null unless given: the functions take all of them, by name. */
export const signupArgs = (args: Record<string, unknown>) => ({
  p_form: 'waitlist',
  p_search: null,
  p_from: null,
  p_to: null,
  p_confirmed: null,
  p_invited: null,
  p_sort: null,
  p_descending: null,
  p_limit: null,
  p_offset: null,
  p_source: null,
  ...args,
});

export const applicationArgs = (args: Record<string, unknown>) => ({
  p_search: null,
  p_from: null,
  p_to: null,
  p_status: null,
  p_sort: null,
  p_descending: null,
  p_limit: null,
  p_offset: null,
  p_source: null,
  ...args,
});
