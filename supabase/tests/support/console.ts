import { randomBytes, randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import {
  LOCAL_JWT_SECRET,
  pdfBytes,
  signJwt,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';

// What the console's tests share: sessions as Supabase Auth issues them, staff, and rows to look at.

/**
 * A signed-in session's client: the publishable key as apikey and an access token with GoTrue's claims
 * as the bearer, signed with the local legacy JWT secret (which the local server, like hosted Supabase
 * with legacy keys, still accepts). `overrides` changes claims; `secret` signs with another key.
 */
export function sessionClient(
  t: TestServer,
  email: string | undefined,
  overrides: Record<string, unknown> = {},
  secret = LOCAL_JWT_SECRET,
): SupabaseClient {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
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
  };
  return createClient(t.server.url, t.server.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${signJwt(claims, secret)}` } },
  });
}

/** Makes the address staff, as `npm run staff -- add` does. */
export async function addStaff(t: TestServer, email: string): Promise<void> {
  const { error } = await t.service.from('staff').insert({ email: email.toLowerCase() });
  if (error) throw new Error(`Adding staff failed: ${error.message}`);
}

/** A staff member's session, and the address. */
export async function staffSession(
  t: TestServer,
  label = 'staff',
): Promise<{ email: string; client: SupabaseClient }> {
  const email = uniqueEmail(label);
  await addStaff(t, email);
  return { email, client: sessionClient(t, email) };
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
  ...args,
});
