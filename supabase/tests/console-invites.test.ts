import {
  sendQueuedMail,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import {
  auditLines,
  copyMailbox,
  eraseMailbox,
  sessionClient,
  signedIn,
  staffSession,
  storeApplication,
  storeWaitlistSignup,
} from './test-support/console.ts';
import {
  answer,
  mailsTo,
  oneClick,
  sha256,
  tokenIn,
  UNSUBSCRIBE_PAGE,
} from './test-support/consent.ts';

// Invitations through the real server and the mail queue's worker (send-queued-mail on Deno, sending to
// the server's outbox), and what erasure, unsubscribing and retention do to the console's records
// (public.console_invite_waitlist in supabase/schemas/console-lists.sql; erasure and retention in
// privacy.sql; the audit log's scrub in staff.sql).

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const mailboxSha256 = (email: string) => sha256(email.toLowerCase().replace(/\+[^@]*@/, '@'));

describe('inviting waitlist members', () => {
  it('queues one invitation per confirmed, uninvited, unsuppressed member; the worker mails it from the stored row', async () => {
    const { email: staffEmail, client } = await staffSession(t, 'inviter');
    const member = await storeWaitlistSignup(t, { first_name: 'Grace' });
    const unconfirmed = await storeWaitlistSignup(t, {}, { confirmed: false });
    const suppressed = await storeWaitlistSignup(t);
    await t.service
      .from('email_suppressions')
      .insert({ mailbox_sha256: mailboxSha256(suppressed.email), list: 'waitlist' });
    const ids = [member.id, unconfirmed.id, suppressed.id, '00000000-0000-4000-8000-000000000003'];

    const { data, error } = await client.rpc('console_invite_waitlist', { p_ids: ids });
    expect(error).toBeNull();
    expect(data).toBe(1);
    // Once only, whoever asks again.
    expect((await client.rpc('console_invite_waitlist', { p_ids: ids })).data).toBe(0);

    const { data: rows } = await t.service
      .from('waitlist_signups')
      .select('id, invited_at, invited_by')
      .in('id', ids);
    expect(Object.fromEntries((rows ?? []).map((row) => [row.id, row.invited_by]))).toEqual({
      [member.id]: staffEmail,
      [unconfirmed.id]: null,
      [suppressed.id]: null,
    });
    const { data: queued } = await t.service
      .from('mail_queue')
      .select('kind, list, waitlist_id, status')
      .eq('kind', 'invite');
    expect(queued).toEqual([
      { kind: 'invite', list: 'waitlist', waitlist_id: member.id, status: 'queued' },
    ]);
    expect(await auditLines(t, { action: 'invite' })).toEqual([
      expect.objectContaining({
        actor: staffEmail,
        subject_kind: 'waitlist',
        subject_id: member.id,
        subject_mailbox: member.email,
        detail: {},
      }),
    ]);

    const [mail] = await mailsTo(t, member.email);
    expect(mail.subject).toBe("You're invited to Agentora");
    // Confirmed or not, nothing the sign-up typed is mailed (docs/security.md, "What a mail may carry").
    expect(mail.text).toContain('Hi there,');
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('Grace');
    expect(mail.text).toContain("you're invited to Agentora ahead of the public launch");
    expect(mail.html).toContain('href="http://localhost:4200"');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailsTo(t, unconfirmed.email)).toHaveLength(0);
    expect(await mailsTo(t, suppressed.email)).toHaveLength(0);
    const listed = await staffSession(t, 'lister');
    const page = await listed.client.rpc('console_signups', {
      p_form: 'waitlist',
      p_search: member.email,
      p_from: null,
      p_to: null,
      p_confirmed: null,
      p_invited: true,
      p_sort: null,
      p_descending: null,
      p_limit: null,
      p_offset: null,
      p_source: null,
    });
    expect(page.data.rows).toEqual([
      expect.objectContaining({ id: member.id, invited_at: expect.any(String) }),
    ]);

    // Its unsubscribe link works like every mail's: the sign-up goes, and its lines lose the address.
    const token = tokenIn(mail.text, UNSUBSCRIBE_PAGE);
    const unsubscribed = await oneClick(`${t.server.url}/functions/v1/unsubscribe?token=${token}`);
    expect(await answer(unsubscribed)).toEqual({
      status: 200,
      body: { success: true, list: 'waitlist' },
    });
    expect(
      (await t.service.from('waitlist_signups').select('id').eq('id', member.id)).data,
    ).toEqual([]);
    expect(await auditLines(t, { subject_id: member.id })).toEqual([
      expect.objectContaining({
        action: 'invite',
        actor: staffEmail,
        subject_mailbox: null,
        detail: { subject_removed: true },
      }),
    ]);
  });

  it('greets "Hi there," whatever the first name says', async () => {
    const { client } = await staffSession(t, 'greeter');
    const names = [
      '\u200bx\u2028y\u202e',
      '<b>Ada</b>',
      'URGENT: verify at agentora-login.example/v',
    ];
    const members = [];
    for (const first_name of names) members.push(await storeWaitlistSignup(t, { first_name }));
    expect(
      (await client.rpc('console_invite_waitlist', { p_ids: members.map((m) => m.id) })).data,
    ).toBe(names.length);
    for (const member of members) {
      const [mail] = await mailsTo(t, member.email);
      expect(mail.text).toContain('Hi there,');
      for (const trace of ['Ada', 'URGENT', 'agentora-login', '\u202e']) {
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(trace);
      }
    }
  });

  it('sends nothing when the member leaves or is suppressed before the worker runs', async () => {
    const { client } = await staffSession(t, 'late');
    const leaving = await storeWaitlistSignup(t);
    const suppressedLater = await storeWaitlistSignup(t);
    expect(
      (await client.rpc('console_invite_waitlist', { p_ids: [leaving.id, suppressedLater.id] }))
        .data,
    ).toBe(2);
    await t.service.from('waitlist_signups').delete().eq('id', leaving.id);
    expect(
      (await t.service.from('mail_queue').select('id').eq('waitlist_id', leaving.id)).data,
    ).toEqual([]);
    await t.service
      .from('email_suppressions')
      .insert({ mailbox_sha256: mailboxSha256(suppressedLater.email), list: 'waitlist' });
    await sendQueuedMail(t.server);
    expect(await mailsTo(t, leaving.email)).toEqual([]);
    expect(await mailsTo(t, suppressedLater.email)).toEqual([]);
    const { data } = await t.service
      .from('mail_queue')
      .select('status, last_error')
      .eq('waitlist_id', suppressedLater.id);
    expect(data).toEqual([{ status: 'dead', last_error: 'The message has no address.' }]);
  });

  it('takes a JSON array of at most 1000 ids, and nothing else', async () => {
    const { client } = await staffSession(t, 'picky');
    for (const ids of [
      null,
      { id: 1 },
      [1],
      Array.from({ length: 1001 }, () => '00000000-0000-4000-8000-000000000000'),
    ]) {
      const { error } = await client.rpc('console_invite_waitlist', { p_ids: ids });
      expect(error?.code).toBe('22023');
    }
    expect((await client.rpc('console_invite_waitlist', { p_ids: ['nope'] })).error?.code).toBe(
      '22P02',
    );
  });

  it('is for staff only', async () => {
    const member = await storeWaitlistSignup(t);
    const outsider = sessionClient(t, uniqueEmail('outsider'));
    const { error } = await outsider.rpc('console_invite_waitlist', { p_ids: [member.id] });
    expect(error?.code).toBe('42501');
    const { data } = await t.service
      .from('waitlist_signups')
      .select('invited_at')
      .eq('id', member.id);
    expect(data).toEqual([{ invited_at: null }]);
  });
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
    await member.client.rpc('console_invite_waitlist', { p_ids: [invited.id] });
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
        ...(await auditLines(t, { subject_id: invited.id })),
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
    const { data: waitlist } = await t.service
      .from('waitlist_signups')
      .select('invited_by')
      .eq('id', invited.id);
    expect(waitlist).toEqual([{ invited_by: marker }]);
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
          invitations: 1,
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

  it('a copy carries the status history without who changed it, and no inviter', async () => {
    const { client } = await staffSession(t, 'copier');
    const { id, email } = await storeApplication(t);
    await client.rpc('console_change_application_status', {
      p_id: id,
      p_status: 'rejected',
      p_note: 'Not this time.',
    });
    const member = await storeWaitlistSignup(t, { email });
    await client.rpc('console_invite_waitlist', { p_ids: [member.id] });
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
    expect(copy.waitlist as object[]).not.toContainEqual(
      expect.objectContaining({ invited_by: expect.anything() }),
    );
    expect((copy.waitlist as Record<string, unknown>[])[0]).toHaveProperty('invited_at');
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
