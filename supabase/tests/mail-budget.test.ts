import {
  asCaller,
  fetchFromAddress,
  openTestDatabase,
  outboxMail,
  signUpThrough,
  startTestServer,
  type TestDatabase,
  type TestServer,
} from '@agentora/local-supabase/testing';
import {
  BOT_CHECK_FORM_FIELD,
  TURNSTILE_DUMMY_TOKEN,
} from '../functions/_shared/rules/bot-check.ts';
import { personMailboxOf } from '../functions/_shared/rules/person-mailbox.ts';
import type { SignupList as List } from '../functions/_shared/rules/signup-fields.ts';
import { CONFIRM_LINK, callFunction, tokenIn } from './test-support/consent.ts';
import { confirmToken, signUp } from './test-support/growth.ts';

// Mail nobody confirmed (docs/security.md, "Mail nobody confirmed: one budget per person"): every mail
// to an address that has not proven it wants ours (confirmations of sign-ups and applications, fresh
// confirmations, erase and copy links) counts against one budget of the person behind the address, 3
// in any 24 hours, whichever form, spelling or client address asks (issue 46, item 2: 22 mails reached
// one stranger in a day). Over it a message is stored withheld and never sent, and the visitor's answer
// is the one they would have had. The rule is private.mail_queue_unconfirmed_budget
// (supabase/schemas/mail-budget.sql), on PGlite and PostgreSQL.

const BUDGET_RULE = 'unconfirmed-mail-per-person';
let clock = 0;
/** A Gmail user name no other test uses, and a spelling of it with a dot after its n-th letter. */
const gmailUser = () => `victim${Date.now().toString(36)}${(clock += 1)}`;
const dotted = (user: string, n: number, domain = 'gmail.com') =>
  `${user.slice(0, n)}.${user.slice(n)}@${domain}`;

describe('through the functions, with production limits', () => {
  let t: TestServer;
  let budget: number;
  beforeAll(async () => {
    t = await startTestServer({ rateLimits: 'production' });
    const { data } = await t.service
      .from('rate_limit_rules')
      .select('max_requests, window_seconds')
      .eq('action', BUDGET_RULE)
      .single();
    expect(data).toEqual({ max_requests: 3, window_seconds: 86400 });
    budget = data!.max_requests as number;
  });
  afterAll(() => t.stop());

  /** The mails the outbox holds for the person behind `address`, in any spelling, oldest first. */
  async function mailsToPerson(address: string) {
    const person = personMailboxOf(address);
    return (await outboxMail(t.server))
      .filter((mail) => personMailboxOf(mail.to) === person)
      .reverse();
  }

  const WAITLIST = { first_name: 'Ada', last_name: 'Lovelace', company: 'Engines' };

  /** A form's sign-up as the site sends it (the sign-up function), from a client address: its answer. */
  async function signUpFrom(address: string, list: List, email: string) {
    const response = await signUpThrough(
      t.server,
      { list, fields: { email, ...(list === 'waitlist' ? WAITLIST : {}) } },
      { fromAddress: address },
    );
    const body = (await response.json()) as Record<string, unknown>;
    return { status: response.status, body: { success: body.success, error: body.error } };
  }

  async function applyFrom(address: string, email: string) {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      first_name: 'Ada',
      last_name: 'Lovelace',
      email,
      why_join: 'I want to build the agent economy.',
      [BOT_CHECK_FORM_FIELD]: TURNSTILE_DUMMY_TOKEN,
    }))
      form.append(name, value);
    const response = await fetchFromAddress(address)(
      `${t.server.url}/functions/v1/submit-application`,
      {
        method: 'POST',
        headers: { apikey: t.server.publishableKey },
        body: form,
      },
    );
    return { status: response.status, body: await response.json() };
  }

  async function privacyFrom(address: string, email: string, action: 'erase' | 'copy') {
    const response = await callFunction(
      t,
      'privacy-request',
      { email, action },
      {},
      t.server.publishableKey,
      fetchFromAddress(address),
    );
    return { status: response.status, body: await response.json() };
  }

  it("the review's attack: four client addresses, every form, four spellings of one Gmail mailbox: 3 mails reach it, and every answer is a stranger's", async () => {
    const user = gmailUser();
    // Four spellings Gmail delivers to one mailbox, each a mailbox of its own to the lists.
    const spellings = [
      dotted(user, 1),
      dotted(user, 2, 'googlemail.com'),
      dotted(user, 3),
      `${user}+jobs@gmail.com`,
    ];
    const clients = ['127.0.4.1', '127.0.4.2', '127.0.4.3', '127.0.4.4'];
    const lists: List[] = ['early_access', 'newsletter', 'waitlist'];
    const answers: unknown[] = [];
    for (const [i, list] of lists.entries()) {
      // The sign-up, then three more: each a duplicate that asks for a fresh confirmation.
      for (let n = 0; n < 4; n += 1)
        answers.push(await signUpFrom(clients[i]!, list, spellings[i]!));
    }
    answers.push(await applyFrom(clients[3]!, spellings[3]!));
    for (const [i, client] of clients.entries())
      for (const action of ['erase', 'copy', 'erase'] as const)
        answers.push(await privacyFrom(client, spellings[i]!, action));

    // Each answer is the one any fresh address gets: stored and mailed, the duplicate's, the
    // application taken and mailed, a privacy request taken.
    const signedUp = { status: 200, body: { success: true, error: undefined } };
    const duplicate = { status: 409, body: { success: false, error: 'duplicate' } };
    const taken = { status: 202, body: { success: true } };
    expect(answers).toEqual([
      ...lists.flatMap(() => [signedUp, duplicate, duplicate, duplicate]),
      { status: 200, body: expect.objectContaining({ success: true, emailSent: true }) },
      ...Array(12).fill(taken),
    ]);
    // The stored sign-ups answered that their mail is sent (emailSent), each of them.
    for (const [i, list] of lists.entries()) {
      const response = await signUpThrough(
        t.server,
        { list, fields: { email: dotted(user, 5 + i), ...(list === 'waitlist' ? WAITLIST : {}) } },
        { fromAddress: clients[i]! },
      );
      expect(await response.json()).toEqual({ success: true, list, emailSent: true });
    }

    // 3 thank-you mails, 9 fresh confirmations, 1 application's confirmation, 12 links and the 3
    // sign-ups just above were asked for; the person got the budget's 3.
    expect(await mailsToPerson(spellings[0]!)).toHaveLength(budget);
    // The rest are in the queue, withheld with their reason, and an erase or copy link keeps no address.
    const { data: withheld } = await t.service
      .from('mail_queue')
      .select('kind, recipient, last_error')
      .eq('status', 'withheld');
    expect(withheld).toHaveLength(3 + 9 + 1 + 12 + 3 - budget);
    for (const message of withheld!) {
      expect(message.last_error).toContain(BUDGET_RULE);
      expect(message.recipient).toBeNull();
    }
  });

  it('holds when the sign-ups arrive at once: 8 spellings, 3 mails', async () => {
    const user = gmailUser();
    const spellings = Array.from({ length: 8 }, (_, n) => dotted(user, n + 1));
    const answers = await Promise.all(
      spellings.map((email, n) => signUpFrom(`127.0.5.${n + 1}`, 'newsletter', email)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(await mailsToPerson(spellings[0]!)).toHaveLength(budget);
  });

  it('leaves mail the person confirmed alone: the place mail after the budget is spent', async () => {
    const user = gmailUser();
    await signUpFrom('127.0.6.1', 'early_access', dotted(user, 1));
    for (const n of [2, 3, 4]) await signUpFrom('127.0.6.1', 'waitlist', dotted(user, n));
    // Each function sends right after its answer, so these mails reach the outbox in whatever order
    // those sends finish: the early-access sign-up's own is found by its address, not its place.
    const sent = await mailsToPerson(dotted(user, 1));
    expect(sent).toHaveLength(budget);
    const first = sent.find((mail) => mail.to === dotted(user, 1));
    expect(first?.to).toBe(dotted(user, 1));
    const token = tokenIn(first!.text, CONFIRM_LINK);
    const confirmed = await callFunction(t, 'confirm-email', { token });
    expect(confirmed.status).toBe(200);
    // The confirmation's place mail goes to the confirmed sign-up, whatever the day's budget.
    const mails = await mailsToPerson(dotted(user, 1));
    expect(mails).toHaveLength(budget + 1);
    const placeMail = mails.filter((mail) => !sent.some((before) => before.id === mail.id));
    expect(placeMail.map((mail) => mail.to)).toEqual([dotted(user, 1)]);
  });
});

describe('in the database', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase({ rateLimits: 'production' });
    // Only the budget is under test here; every limit per client address is raised (the statements
    // below all come from one).
    await db.asSuperuser(
      `update public.rate_limit_rules set max_requests = 1000000 where action <> $1`,
      [BUDGET_RULE],
    );
  });
  afterAll(() => db.close());

  /** Runs a statement as the functions do (service role). */
  const asService = (sql: string, values: unknown[] = []) =>
    asCaller(db.database, { role: 'service_role', claims: { role: 'service_role' } }, (q) =>
      q.query(sql, values),
    );

  const hash = () =>
    Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(Math.random() * 16)]).join('');

  /** The messages for the rows and links of a person, oldest first: kind and status. */
  async function messages(since: string) {
    const { rows } = await db.asSuperuser(
      `select kind, status, recipient, last_error from public.mail_queue
        where created_at >= $1 order by created_at, id`,
      [since],
    );
    return rows;
  }

  async function now(): Promise<string> {
    const { rows } = await db.asSuperuser('select clock_timestamp()::text as now');
    return rows[0].now as string;
  }

  const queueAgain = (list: string, email: string) =>
    asService(
      'select public.queue_confirmation_again($1, $2, gen_random_uuid(), $3, $4) as queued',
      [list, email, hash(), hash()],
    );
  const queueLink = (email: string, action: string) =>
    asService(
      `select public.queue_privacy_link($1, $2, gen_random_uuid(), $3, '198.51.100.7') as queued`,
      [email, action, hash()],
    );

  it('counts every kind that goes to an address nobody confirmed, in every spelling, and withholds the rest', async () => {
    const since = await now();
    const user = gmailUser();
    await signUp(db, 'newsletter_subscriptions', { email: dotted(user, 1) });
    await queueAgain('newsletter', dotted(user, 1).replace('@', '+again@').toUpperCase());
    // A link is mailed only to a mailbox with records: the first sign-up's, in another spelling.
    await queueLink(dotted(user, 1).replace('@', '+x@'), 'erase');
    // Over the budget: an application's confirmation and a copy link.
    await asService(
      `insert into public.general_applications (first_name, last_name, email, why_join)
       values ('Ada', 'Lovelace', $1, 'Engines')`,
      [dotted(user, 2)],
    );
    await queueLink(dotted(user, 2), 'copy');
    const reason = expect.stringContaining(BUDGET_RULE);
    expect(await messages(since)).toEqual([
      { kind: 'thank_you', status: 'queued', recipient: null, last_error: null },
      { kind: 'thank_you', status: 'queued', recipient: null, last_error: null },
      {
        kind: 'privacy_link',
        status: 'queued',
        recipient: dotted(user, 1),
        last_error: null,
      },
      { kind: 'thank_you', status: 'withheld', recipient: null, last_error: reason },
      { kind: 'privacy_link', status: 'withheld', recipient: null, last_error: reason },
    ]);
    // Another person at the same provider has a budget of its own.
    await signUp(db, 'newsletter_subscriptions', { email: `other.${user}@gmail.com` });
    expect((await messages(since)).at(-1)).toMatchObject({ status: 'queued' });
    // Staff see a withheld confirmation as such in the console's Mail column.
    const { rows: states } = await db.asSuperuser(
      `select private.row_mail_state(m, $1, now() - interval '1 hour') as state
         from public.mail_queue m
        where m.application_id = (select id from public.general_applications where email = $1)`,
      [dotted(user, 2)],
    );
    expect(states).toEqual([{ state: { state: 'withheld', suppressed: null } }]);
    // The team sees them at a glance.
    const { rows } = await db.as(
      'service_role',
      `select messages from public.mail_queue_summary where status = 'withheld'`,
    );
    expect(Number(rows[0]!.messages)).toBeGreaterThanOrEqual(2);
  });

  it('leaves mail the person confirmed alone: the place mail and the invitation', async () => {
    const user = gmailUser();
    const member = await signUp(db, 'waitlist_signups', { email: dotted(user, 1) });
    for (const n of [2, 3, 4]) await signUp(db, 'early_access_signups', { email: dotted(user, n) });
    const since = await now();
    await asService('select public.confirm_signup($1)', [
      await confirmToken(db, 'waitlist', member.id),
    ]);
    await asService(
      `insert into public.mail_queue (id, kind, list, waitlist_id)
       values (gen_random_uuid(), 'invite', 'waitlist', $1)`,
      [member.id],
    );
    expect((await messages(since)).map((m) => [m.kind, m.status])).toEqual([
      ['place', 'queued'],
      ['invite', 'queued'],
    ]);
  });

  it('slides: a mail goes again once the oldest of the day is 24 hours old', async () => {
    const user = gmailUser();
    for (const n of [1, 2, 3, 4])
      await signUp(db, 'newsletter_subscriptions', { email: dotted(user, n) });
    const since = await now();
    await queueLink(dotted(user, 1), 'erase');
    await db.asSuperuser(
      `update private.rate_limit_events set at = at - interval '24 hours'
        where action = $1 and client = private.person_mailbox_sha256($2)
          and at = (select min(at) from private.rate_limit_events
                     where action = $1 and client = private.person_mailbox_sha256($2))`,
      [BUDGET_RULE, dotted(user, 1)],
    );
    await queueLink(dotted(user, 2), 'erase');
    await queueLink(dotted(user, 3), 'erase');
    expect((await messages(since)).map((m) => m.status)).toEqual([
      'withheld',
      'queued',
      'withheld',
    ]);
  });

  it('spends nothing on a message never sent: a mailbox that complained', async () => {
    const user = gmailUser();
    await db.asSuperuser(
      `insert into public.mail_suppressions (mailbox_sha256, reason) values (private.mailbox_sha256($1), 'complained')`,
      [dotted(user, 1)],
    );
    const since = await now();
    await signUp(db, 'newsletter_subscriptions', { email: dotted(user, 1) });
    for (let i = 0; i < 3; i += 1) await queueLink(dotted(user, 1), 'erase');
    await db.asSuperuser(
      'delete from public.mail_suppressions where mailbox_sha256 = private.mailbox_sha256($1)',
      [dotted(user, 1)],
    );
    for (let i = 0; i < 4; i += 1) await queueLink(dotted(user, 1), 'copy');
    expect((await messages(since)).map((m) => [m.status, m.last_error === 'suppressed'])).toEqual([
      ...Array(4).fill(['dead', true]),
      ...Array(3).fill(['queued', false]),
      ['withheld', false],
    ]);
  });

  it('keeps what it withheld out of the dead letters sent again, and deletes it after 30 days', async () => {
    // Links, which no sign-up's deletion takes with it.
    const withheldLinks = async () =>
      Number(
        (
          await db.asSuperuser(
            `select count(*) as n from public.mail_queue
              where status = 'withheld' and kind = 'privacy_link'`,
          )
        ).rows[0]!.n,
      );
    const before = await withheldLinks();
    expect(before).toBeGreaterThan(0);
    await asService(
      `update public.mail_queue set status = 'dead', dead_at = now() where kind = 'invite'`,
    );
    await asService('select public.requeue_dead_mail()');
    expect(await withheldLinks()).toBe(before);
    await asService(`select public.apply_retention(now() + interval '29 days')`);
    expect(await withheldLinks()).toBe(before);
    await asService(`select public.apply_retention(now() + interval '31 days')`);
    expect(await withheldLinks()).toBe(0);
  });
});
