import { startTestServer, uniqueEmail, type TestServer } from '@agentora/local-supabase/testing';
import {
  auditLines,
  copyMailbox,
  eraseMailbox,
  signedIn,
  staffSession,
  storeApplication,
  storeWaitlistSignup,
} from './test-support/console.ts';
import { sha256 } from './test-support/consent.ts';

// What erasure, unsubscribing and retention do to the console's records, a launch wave's among them,
// through the real server (erasure and retention in supabase/schemas/privacy.sql; the audit log's scrub
// in staff.sql). Invitations themselves are invitations.test.ts's and launch-waves.test.ts's.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** console_invite_wave's arguments for a wave of chosen waitlist rows, sent now. */
const inviteChosen = (ids: string[]) => ({
  p_list: 'waitlist',
  p_count: null,
  p_up_to_place: null,
  p_ids: ids,
  p_starts_at: null,
  p_remind_after_days: null,
  p_dry_run: false,
  p_expect: null,
});

describe('erasure and the console', () => {
  it("clears an applicant's address and notes from the log, and exports' searches for the address", async () => {
    const { client } = await staffSession(t, 'reader');
    const { id, email } = await storeApplication(t, {}, { resume: true });
    await client.rpc('console_application', { p_id: id });
    await client.rpc('console_open_resume', { p_id: id });
    await client.rpc('console_change_application_status', {
      p_id: id,
      p_status: 'reviewing',
      p_note: 'Mentions a health condition.',
    });
    await client.rpc('console_log_export', {
      p_kind: 'applications',
      p_filter: { search: email.toUpperCase(), status: 'reviewing' },
    });
    await client.rpc('console_log_export', {
      p_kind: 'applications',
      p_filter: { search: 'lovelace' },
    });
    expect(await auditLines(t, { subject_id: id })).toHaveLength(3);

    expect(await eraseMailbox(t, email)).toMatchObject({ erased: { applications: 1, resumes: 1 } });

    const lines = await auditLines(t, { subject_id: id });
    expect(lines.map((line) => [line.action, line.subject_mailbox, line.detail])).toEqual([
      ['read_application', null, { subject_removed: true }],
      ['open_resume', null, { subject_removed: true }],
      ['change_status', null, { from: 'pending', to: 'reviewing', subject_removed: true }],
    ]);
    const exports = (await auditLines(t, { action: 'export' })).slice(-2);
    expect(exports.map((line) => line.detail)).toEqual([
      { kind: 'applications', filter: { search: null, status: 'reviewing' } },
      { kind: 'applications', filter: { search: 'lovelace' } },
    ]);
    expect(
      (await t.service.from('application_status_changes').select('id').eq('application_id', id))
        .data,
    ).toEqual([]);
  });

  it("replaces an erased staff member's address everywhere by one marker, and ends their access", async () => {
    const member = await staffSession(t, 'erased-staff');
    const { id } = await storeApplication(t);
    await member.client.rpc('console_change_application_status', {
      p_id: id,
      p_status: 'reviewing',
      p_note: null,
    });
    await member.client.rpc('console_application', { p_id: id });
    const invited = await storeWaitlistSignup(t);
    const wave = await member.client.rpc('console_invite_wave', inviteChosen([invited.id]));
    expect(wave.data).toMatchObject({ invited: 1 });
    const colleague = uniqueEmail('colleague');
    await t.service.from('staff').insert({ email: colleague, added_by: member.email });
    expect(await auditLines(t, { actor: member.email })).toHaveLength(3);

    // A staff member with no sign-up of their own still gets the link: the log holds their address.
    expect(
      (
        await t.service.rpc('issue_privacy_token', {
          p_email: member.email,
          p_purpose: 'copy',
          p_token_hash: sha256(`copy ${member.email}`),
          p_client_address: '198.51.100.40',
        })
      ).data,
    ).toBe(true);
    await eraseMailbox(t, member.email.replace('@', '+work@').toUpperCase());

    expect(await auditLines(t, { actor: member.email })).toEqual([]);
    const actors = new Set(
      [
        ...(await auditLines(t, { subject_id: id })),
        ...(await auditLines(t, { action: 'invite_wave' })).filter(
          (line) => (line.detail as { wave: number }).wave === wave.data.wave,
        ),
      ].map((line) => line.actor),
    );
    expect(actors.size).toBe(1);
    const [marker] = [...actors] as string[];
    expect(marker).toMatch(/^erased staff member [0-9a-f]{12}$/);
    const { data: changes } = await t.service
      .from('application_status_changes')
      .select('changed_by')
      .eq('application_id', id);
    expect(changes).toEqual([{ changed_by: marker }]);
    const { data: waves } = await t.service
      .from('launch_waves')
      .select('created_by')
      .eq('id', wave.data.wave);
    expect(waves).toEqual([{ created_by: marker }]);
    const { data: staffRows } = await t.service
      .from('staff')
      .select('email, added_by')
      .in('email', [member.email, colleague]);
    expect(staffRows).toEqual([{ email: colleague, added_by: marker }]);
    expect((await member.client.rpc('console_whoami')).data).toMatchObject({ staff: false });
    // One line says that an erasure anonymised a staff member, under the same marker.
    expect(await auditLines(t, { action: 'erase_staff' })).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: marker,
        action: 'erase_staff',
        subject_kind: 'staff',
        subject_id: null,
        subject_mailbox: null,
        detail: {
          lines: 3,
          status_changes: 1,
          waves: 1,
          staff_added: 1,
          staff_removed: true,
        },
      },
    ]);
    // Their Auth user went with its sessions: the token names a user that no longer exists.
    const user = await fetch(`${t.server.url}/auth/v1/user`, {
      headers: {
        apikey: t.server.publishableKey,
        Authorization: `Bearer ${member.session.access_token}`,
      },
    });
    expect(user.status).toBe(403);
    expect(JSON.stringify(await user.json())).not.toContain(member.email);
    // The lines about others keep their subjects.
    expect((await auditLines(t, { subject_id: id }))[1]).toMatchObject({
      action: 'read_application',
      subject_mailbox: expect.stringContaining('@example.com'),
    });
  });

  it("covers the mailbox's Supabase Auth user: it counts as a record, is copied and is erased", async () => {
    // An Auth user of the address and nothing else (made with the admin API: one left from the old
    // sign-in, or made by mistake).
    const visitor = await signedIn(t, 'auth-only');
    const other = await signedIn(t, 'auth-other');
    const issued = (email: string, purpose: string) =>
      t.service.rpc('issue_privacy_token', {
        p_email: email,
        p_purpose: purpose,
        p_token_hash: sha256(`${purpose} ${email} ${Math.random()}`),
        p_client_address: '198.51.100.41',
      });
    expect((await issued(visitor.email.toUpperCase(), 'copy')).data).toBe(true);

    const copy = await copyMailbox(t, visitor.email);
    expect(copy.accounts).toEqual([
      { email: visitor.email, created_at: expect.any(String), last_sign_in_at: expect.any(String) },
    ]);
    expect(copy.early_access).toEqual([]);

    const sessionUser = (token: string) =>
      fetch(`${t.server.url}/auth/v1/user`, {
        headers: { apikey: t.server.publishableKey, Authorization: `Bearer ${token}` },
      });
    expect((await sessionUser(visitor.session.access_token)).status).toBe(200);
    expect(await eraseMailbox(t, visitor.email.replace('@', '+any@'))).toMatchObject({
      erased: { early_access: 0, newsletter: 0, waitlist: 0, applications: 0, resumes: 0 },
    });
    // The user, its sessions and refresh tokens are gone: the session can neither be used nor renewed.
    expect((await sessionUser(visitor.session.access_token)).status).toBe(403);
    const refreshed = await visitor.client.auth.refreshSession({
      refresh_token: visitor.session.refresh_token,
    });
    expect(refreshed.error?.code).toBe('refresh_token_not_found');
    expect((await issued(visitor.email, 'copy')).data).toBe(false);
    expect((await copyMailbox(t, visitor.email)).accounts).toEqual([]);
    // Nobody else's.
    expect((await sessionUser(other.session.access_token)).status).toBe(200);
  });

  it("a staff member's copy lists the Auth account the console signs them in with", async () => {
    const member = await staffSession(t, 'copied-staff');
    expect((await copyMailbox(t, member.email)).accounts).toEqual([
      {
        email: member.session.user.email,
        created_at: expect.any(String),
        last_sign_in_at: expect.any(String),
      },
    ]);
    expect(member.session.user.email).not.toBe(member.email);
  });

  it('a copy carries the status history without who changed it, and the invitation without who sent it', async () => {
    const { client } = await staffSession(t, 'copier');
    const { id, email } = await storeApplication(t);
    await client.rpc('console_change_application_status', {
      p_id: id,
      p_status: 'rejected',
      p_note: 'Not this time.',
    });
    const member = await storeWaitlistSignup(t, { email });
    await client.rpc('console_invite_wave', inviteChosen([member.id]));
    const copy = await copyMailbox(t, email);
    expect(copy.applications).toEqual([
      expect.objectContaining({
        id,
        status: 'rejected',
        status_history: [
          {
            from_status: 'pending',
            to_status: 'rejected',
            note: 'Not this time.',
            changed_at: expect.any(String),
          },
        ],
      }),
    ]);
    expect(copy.waitlist).toEqual([expect.objectContaining({ id: member.id })]);
    expect(copy.invitations).toEqual([
      expect.objectContaining({ list: 'waitlist', invited_at: expect.any(String) }),
    ]);
    expect(JSON.stringify(copy.invitations)).not.toContain('copier');
  });

  it('retention scrubs the lines of the applications it deletes', async () => {
    const { client } = await staffSession(t, 'retained');
    const { id } = await storeApplication(t, {
      created_at: new Date(Date.now() - 400 * 86_400_000).toISOString(),
    });
    await client.rpc('console_application', { p_id: id });
    const expired = await t.service.rpc('expire_applications', { p_now: new Date().toISOString() });
    expect(expired.error).toBeNull();
    expect(await auditLines(t, { subject_id: id })).toEqual([
      expect.objectContaining({
        action: 'read_application',
        subject_mailbox: null,
        detail: { subject_removed: true },
      }),
    ]);
  });
});
