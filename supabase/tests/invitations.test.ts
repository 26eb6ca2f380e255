import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalSupabase } from '@agentora/local-supabase';
import {
  clientFor,
  DEFAULT_MIGRATIONS_DIR,
  freshPostgresDatabase,
  LOCAL_MAIL_LINK_SECRET,
  raiseRateLimits,
  sendQueuedMail,
  startTestServer,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { inviteToken } from '../functions/_shared/tokens/invite-token.ts';
import { answer, mailsTo, oneClick, sha256 } from './test-support/consent.ts';
import { signupArgs, staffSession, type SignedInMember } from './test-support/console.ts';
import { storeLineMember } from './test-support/launch-waves.ts';

// A launch wave through the real server (docs/launch-waves.md): staff send it with supabase-js, the mail
// queue's worker (send-queued-mail on Deno) mails each invitee one invitation whose link leads to
// PRODUCT_URL (here the server's stand-in of the product's join page), and redeem-invite (on Deno)
// redeems the link once for the product's server and refuses everything else with its own answer. The
// rules of the wave itself are launch-waves.test.ts's.

let t: TestServer;
let staff: SignedInMember;
beforeAll(async () => {
  t = await startTestServer();
  staff = await staffSession(t, 'launcher');
});
afterAll(() => t.stop());

const INVITE_LINK = /[?&]invite=([A-Za-z0-9_-]{64})(?![A-Za-z0-9_-])/;

/** The invitation's token in a mail's text. */
function tokenOf(text: string): string {
  const match = INVITE_LINK.exec(text);
  if (!match) throw new Error(`No invitation link in:\n${text}`);
  return match[1];
}

/** POSTs to redeem-invite as the product's server does; its status and body. */
async function redeem(
  body: unknown,
  headers: Record<string, string> = { apikey: t.server.secretKey },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${t.server.url}/functions/v1/redeem-invite`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A list of members who confirmed one after another, so their places are their order. */
async function line(list: 'early_access' | 'waitlist', count: number) {
  const start = Date.now() - 3_600_000;
  const members = [];
  for (let n = 0; n < count; n += 1) {
    members.push(await storeLineMember(t, list, { createdAt: new Date(start + n * 60_000) }));
  }
  return members;
}

const sendWave = (args: Record<string, unknown>) =>
  staff.client.rpc('console_invite_wave', {
    p_list: 'early_access',
    p_count: null,
    p_up_to_place: null,
    p_ids: null,
    p_starts_at: null,
    p_remind_after_days: null,
    p_dry_run: false,
    p_expect: null,
    ...args,
  });

describe('an invitation', () => {
  it('is one mail to each invitee, whose link redeems once for the product, and the console sees it', async () => {
    await t.service.from('early_access_signups').delete().neq('email', '');
    const members = await line('early_access', 5);
    const sent = await staff.client.rpc('console_invite_wave', {
      p_list: 'early_access',
      p_count: 3,
      p_dry_run: false,
    });
    expect(sent.error).toBeNull();
    expect(sent.data).toMatchObject({ invited: 3, first_place: 1, last_place: 3 });

    for (const [n, member] of members.entries()) {
      const mails = await mailsTo(t, member.email);
      expect(mails.map((mail) => mail.subject)).toEqual(
        n < 3 ? ["You're invited to Agentora"] : [],
      );
    }
    const [first] = await mailsTo(t, members[0].email);
    expect(first.text).toContain('You were #1 of the first 1,000');
    expect(first.text).toContain(`Join Agentora: ${t.server.productUrl}?invite=`);
    expect(first.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = tokenOf(first.text);

    const redeemed = await redeem({ token });
    expect(redeemed).toEqual({
      status: 200,
      body: {
        success: true,
        invitation: {
          email: members[0].email,
          list: 'early_access',
          place: 1,
          wave: sent.data.wave,
          invited_at: expect.any(String),
          expires_at: expect.any(String),
          redeemed_at: expect.any(String),
        },
      },
    });
    const invitation = redeemed.body.invitation as Record<string, string>;
    const days =
      (Date.parse(invitation.expires_at) - Date.parse(invitation.invited_at)) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);
    expect(first.text).toContain(
      new Date(invitation.expires_at).toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }),
    );
    expect(await redeem({ token })).toEqual({
      status: 409,
      body: {
        success: false,
        error: 'already_redeemed',
        message: 'This invitation has been redeemed already.',
        redeemed_at: invitation.redeemed_at,
      },
    });

    const wave = await staff.client.rpc('console_wave', { p_wave: sent.data.wave });
    expect(wave.data).toMatchObject({
      status: 'started',
      funnel: { invited: 3, queued: 0, mailed: 3, joined: 1, bounced: 0 },
      series: { bucket: 'minute', points: expect.any(Array) },
    });
    const points = wave.data.series.points as Array<Record<string, number>>;
    expect(points.reduce((sum, point) => sum + point.mailed, 0)).toBe(3);
    expect(points.reduce((sum, point) => sum + point.joined, 0)).toBe(1);
    const rows = await staff.client.rpc(
      'console_signups',
      signupArgs({
        p_form: 'early_access',
        p_invited: true,
        p_sort: 'created_at',
        p_descending: false,
      }),
    );
    expect(
      (rows.data.rows as Array<Record<string, unknown>>).map((row) => [
        row.email,
        row.invite_state,
        row.invite_wave,
      ]),
    ).toEqual([
      [members[0].email, 'joined', sent.data.wave],
      [members[1].email, 'mailed', sent.data.wave],
      [members[2].email, 'mailed', sent.data.wave],
    ]);
  });

  it('is redeemed once when the product asks many times at once', async () => {
    const [member] = await line('waitlist', 1);
    await sendWave({ p_list: 'waitlist', p_ids: [member.id] });
    const token = tokenOf((await mailsTo(t, member.email))[0].text);
    const answers = await Promise.all(Array.from({ length: 6 }, () => redeem({ token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
  });

  it('goes nowhere once its member unsubscribes from its own mail: the link is then unknown', async () => {
    const [member] = await line('waitlist', 1);
    await sendWave({ p_list: 'waitlist', p_ids: [member.id] });
    const [mail] = await mailsTo(t, member.email);
    const unsubscribe = /\/functions\/v1\/unsubscribe\?token=([A-Za-z0-9_-]{43})/.exec(
      String(mail.headers?.['List-Unsubscribe']),
    );
    const unsubscribed = await oneClick(
      `${t.server.url}/functions/v1/unsubscribe?token=${unsubscribe?.[1]}`,
    );
    expect(await answer(unsubscribed)).toEqual({
      status: 200,
      body: { success: true, list: 'waitlist' },
    });
    expect(await redeem({ token: tokenOf(mail.text) })).toMatchObject({
      status: 404,
      body: { error: 'unknown_token' },
    });
  });

  it('keeps what Resend reports of each invitation: delivered, bounced', async () => {
    const delivered = await storeLineMember(t, 'waitlist', {
      email: `delivered+wave${Date.now()}@resend.dev`,
    });
    const bounced = await storeLineMember(t, 'waitlist', {
      email: `bounced+wave${Date.now()}@resend.dev`,
    });
    const sent = await sendWave({ p_list: 'waitlist', p_ids: [delivered.id, bounced.id] });
    await sendQueuedMail(t.server);
    let funnel: Record<string, number> = {};
    for (let tries = 0; tries < 100; tries += 1) {
      funnel = (await staff.client.rpc('console_wave', { p_wave: sent.data.wave })).data.funnel;
      if (funnel.delivered === 1 && funnel.bounced === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(funnel).toMatchObject({ invited: 2, mailed: 2, delivered: 1, bounced: 1, joined: 0 });
  });
});

describe('what an invitation carries, and when it is not sent', () => {
  it('greets "Hi there," whatever the first name says', async () => {
    const names = [
      '\u200bx\u2028y\u202e',
      '<b>Ada</b>',
      'URGENT: verify at agentora-login.example/v',
    ];
    const invitees = [];
    for (const first_name of names) {
      const member = await storeLineMember(t, 'waitlist');
      await t.service.from('waitlist_signups').update({ first_name }).eq('id', member.id);
      invitees.push(member);
    }
    const sent = await sendWave({ p_list: 'waitlist', p_ids: invitees.map((m) => m.id) });
    expect(sent.data).toMatchObject({ invited: names.length });
    for (const member of invitees) {
      const [mail] = await mailsTo(t, member.email);
      expect(mail.text).toContain('Hi there,');
      for (const trace of ['Ada', 'URGENT', 'agentora-login', '\u202e']) {
        expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain(trace);
      }
    }
  });

  it('sends nothing when the member leaves or unsubscribes before the worker runs', async () => {
    const leaving = await storeLineMember(t, 'waitlist');
    const unsubscribing = await storeLineMember(t, 'waitlist');
    expect(
      (await sendWave({ p_list: 'waitlist', p_ids: [leaving.id, unsubscribing.id] })).data,
    ).toMatchObject({ invited: 2 });
    await t.service.from('waitlist_signups').delete().eq('id', leaving.id);
    expect(
      (await t.service.from('mail_queue').select('id').eq('waitlist_id', leaving.id)).data,
    ).toEqual([]);
    // An unsubscribe the sign-up outlives (a second row of the mailbox, say): the mail is held.
    await t.service.from('email_suppressions').insert({
      mailbox_sha256: sha256(unsubscribing.email.toLowerCase().replace(/\+[^@]*@/, '@')),
      list: 'waitlist',
    });
    await sendQueuedMail(t.server);
    expect(await mailsTo(t, leaving.email)).toEqual([]);
    expect(await mailsTo(t, unsubscribing.email)).toEqual([]);
    const { data } = await t.service
      .from('mail_queue')
      .select('status, last_error')
      .eq('waitlist_id', unsubscribing.id);
    expect(data).toEqual([{ status: 'dead', last_error: 'The message has no address.' }]);
  });
});

describe('redeem-invite refuses, each with its answer', () => {
  it('a caller without the secret key, a browser, and another method', async () => {
    const token = (await inviteToken(LOCAL_MAIL_LINK_SECRET, crypto.randomUUID())).token;
    expect((await redeem({ token }, {})).status).toBe(401);
    expect((await redeem({ token }, { apikey: t.server.publishableKey })).status).toBe(401);
    // Even a page of the site itself (an origin the local gateway lets through), key or not.
    expect(
      await redeem({ token }, { apikey: t.server.secretKey, Origin: 'http://localhost:4200' }),
    ).toMatchObject({ status: 403, body: { error: 'called_from_a_browser' } });
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await fetch(`${t.server.url}/functions/v1/redeem-invite`, {
        method,
        headers: { apikey: t.server.secretKey },
      });
      expect([method, response.status, response.headers.get('allow')]).toEqual([
        method,
        405,
        'POST',
      ]);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      await response.arrayBuffer();
    }
  });

  it('malformed, forged and unknown tokens, and bodies that are not its', async () => {
    expect(await redeem({ token: 'short' })).toMatchObject({
      status: 400,
      body: { error: 'malformed_token', message: expect.stringContaining('{"token"') },
    });
    expect(await redeem({ nothing: true })).toMatchObject({
      status: 400,
      body: { error: 'malformed_token' },
    });
    expect(await redeem('not json')).toMatchObject({ status: 400 });
    expect(await redeem({ token: 'x'.repeat(2000) })).toMatchObject({ status: 413 });
    // The right shape, not made with this project's secret.
    const forged = await inviteToken(
      'another-secret-of-at-least-32-characters',
      crypto.randomUUID(),
    );
    expect(await redeem({ token: forged.token })).toEqual({
      status: 403,
      body: {
        success: false,
        error: 'forged_token',
        message: 'No invitation was ever made with this token.',
      },
    });
    // Made with the secret, for a message that is no invitation's.
    const unknown = await inviteToken(LOCAL_MAIL_LINK_SECRET, crypto.randomUUID());
    expect(await redeem({ token: unknown.token })).toMatchObject({
      status: 404,
      body: { error: 'unknown_token' },
    });
  });
});

describe("the local stand-in of the product's join page", () => {
  it("redeems on the invitee's click, never on opening the link (mail scanners open links too)", async () => {
    const [member] = await line('waitlist', 1);
    await sendWave({ p_list: 'waitlist', p_ids: [member.id] });
    const link = /Join Agentora: (\S+)/.exec(
      (await mailsTo(t, member.email))[0].text,
    )?.[1] as string;
    const opened = await fetch(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('<button type="submit">Join</button>');
    const joined = await fetch(`${t.server.url}/product/join`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `invite=${tokenOf(link)}`,
    });
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain(
      `Invitation redeemed for <strong>${member.email}</strong>`,
    );
    const again = await fetch(`${t.server.url}/product/join`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `invite=${tokenOf(link)}`,
    });
    expect(again.status).toBe(422);
    expect(await again.text()).toContain('already_redeemed');
  });
});

describe('a scheduled wave on the local server', () => {
  it("starts on the server's timer at its time, as pg_cron starts it on hosted Supabase", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'waves-timer-'));
    // A fresh migrated database on test-postgres's server (PGlite without one), as startTestServer's.
    const postgres = await freshPostgresDatabase({ migratedBy: DEFAULT_MIGRATIONS_DIR });
    const server = await startLocalSupabase({
      port: 0,
      dataDir,
      inMemory: true,
      databaseUrl: postgres?.url,
      mailSendsPerSecond: 100,
      launchWaves: { intervalMs: 200 },
    });
    try {
      await raiseRateLimits(server.url, server.serviceKey);
      const local = {
        server,
        anon: clientFor(server.url, server.publishableKey),
        service: clientFor(server.url, server.secretKey),
      } as TestServer;
      const lead = await staffSession(local, 'scheduler');
      const member = await storeLineMember(local, 'early_access');
      const startsAt = new Date(Date.now() + 1500);
      const scheduled = await lead.client.rpc('console_invite_wave', {
        p_list: 'early_access',
        p_count: 1,
        p_up_to_place: null,
        p_ids: null,
        p_starts_at: startsAt.toISOString(),
        p_remind_after_days: null,
        p_dry_run: false,
        p_expect: null,
      });
      expect(scheduled.data).toMatchObject({ status: 'scheduled', invited: 1 });
      let wave: Record<string, unknown> | undefined;
      for (let tries = 0; tries < 100; tries += 1) {
        wave = (await lead.client.rpc('console_wave', { p_wave: scheduled.data.wave })).data;
        if (wave?.status === 'started') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(wave).toMatchObject({ status: 'started', funnel: { invited: 1 } });
      expect(Date.parse(wave?.started_at as string)).toBeGreaterThanOrEqual(startsAt.getTime());
      expect((await mailsTo(local, member.email)).map((mail) => mail.subject)).toEqual([
        "You're invited to Agentora",
      ]);
    } finally {
      await server.stop();
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
