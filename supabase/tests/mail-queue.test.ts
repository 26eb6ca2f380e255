import { startFakeResend, type FakeResend } from '@agentora/fake-resend';
import {
  LOCAL_MAIL_LINK_SECRET,
  outboxMail,
  sendQueuedMail,
  signUpThrough,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import { publicUrls } from '../functions/_shared/links/public-urls.ts';
import { drainMailQueue, type MailWorker } from '../functions/_shared/mail-queue/drain.ts';
import { RETRY_DELAY_BASE_MS } from '../functions/_shared/mail-queue/retry-delay.ts';
import {
  createRpcMailQueueStore,
  type MailQueueStore,
  type Settlement,
} from '../functions/_shared/mail-queue/queue-store.ts';
import { batchIdempotencyKey } from '../functions/_shared/mail-queue/queued-mail.ts';
import { createResendTransport } from '../functions/_shared/mail/resend-transport.ts';
import type { Delivery, MailMessage, MailTransport } from '../functions/_shared/mail/types.ts';
import { createRpcLedger } from '../functions/_shared/thank-you/ledger.ts';
import { thankYouTokens } from '../functions/_shared/mail-queue/link-tokens.ts';
import { storeSignUp } from './test-support/sign-ups.ts';

// The mail queue against a provider that behaves as Resend documents (@agentora/fake-resend): the SQL of
// supabase/schemas/mail-queue.sql on the server's database (PGlite, or PostgreSQL in test-postgres), the
// worker's own module driven from here so a test can stop it between sending and settling, and the
// functions on Deno reaching the provider through RESEND_API_URL.

let t: TestServer;
let fake: FakeResend | undefined;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
  // Each test starts with an empty queue and a free pace.
  await t.service.from('mail_queue').delete().neq('status', 'none');
  await t.service.from('mail_send_pace').update({ next_send_at: '-infinity' }).eq('id', true);
});

const urls = () => publicUrls({ supabaseUrl: t.server.url });

/**
 * Signs an address up as the function sign-up stores it (public.sign_up), which queues its mail
 * (supabase/schemas/mail-kinds.sql), without the function, so nothing is sent yet.
 */
async function queueSignup(label = 'queued'): Promise<{ email: string; messageId: string }> {
  const email = uniqueEmail(label);
  expect(await storeSignUp(t.service, 'newsletter_subscriptions', { email })).toEqual({
    outcome: 'stored',
    email_sent: true,
  });
  const messageId = await createRpcLedger(t.service).queued('newsletter', email);
  expect(messageId).toEqual(expect.any(String));
  return { email, messageId: messageId as string };
}

/**
 * A provider taking `ratePerSecond` whose clock stands still until it first answers 429, then runs. A
 * test of the 429 has the worker send again within the provider's second; on its real clock the worker's
 * own work between two sends (settling the rows of the last, seconds on a busy machine) could let that
 * second pass, and no 429 come (an intermittent failure).
 */
async function providerThatThrottles(ratePerSecond: number): Promise<FakeResend> {
  const start = Date.now();
  const provider: FakeResend = await startFakeResend({
    ratePerSecond,
    apiKey: 're_test',
    now: () => (provider.stats().rateLimited > 0 ? Date.now() : start),
  });
  return provider;
}

/** What the provider was asked, in order, with when each try started and how it came out. */
function recorded(transport: MailTransport) {
  const tries: Array<{ at: number; key: string; delivery: Delivery }> = [];
  return {
    tries,
    transport: {
      async deliver(message) {
        const at = Date.now();
        const delivery = await transport.deliver(message);
        tries.push({ at, key: message.idempotencyKey, delivery });
        return delivery;
      },
    } satisfies MailTransport,
  };
}

function worker(transport: MailTransport, overrides: Partial<MailWorker> = {}): MailWorker {
  return {
    store: createRpcMailQueueStore(t.service),
    transport,
    rendering: { urls: urls(), linkSecret: LOCAL_MAIL_LINK_SECRET },
    sendsPerSecond: 100,
    logError: () => undefined,
    random: () => 0,
    ...overrides,
  };
}

const providerTransport = (provider: FakeResend, apiKey = 're_test') =>
  createResendTransport({ apiKey, endpoint: `${provider.url}/emails`, timeoutMs: 2_000 });

async function message(id: string) {
  const { data } = await t.service.from('mail_queue').select('*').eq('id', id).single();
  return data as Record<string, unknown>;
}

/** As if the time to try again had come (the backoff is seconds to minutes). */
const makeDue = (id: string) =>
  t.service
    .from('mail_queue')
    .update({ available_at: new Date(0).toISOString() })
    .eq('id', id);

describe('the mail queue', () => {
  it('sends each message once, under its own idempotency key, to the stored address', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test' });
    const signups = [await queueSignup(), await queueSignup(), await queueSignup()];
    const report = await drainMailQueue(worker(providerTransport(fake)), { budgetMs: 10_000 });
    expect(report).toEqual({ sent: 3, retried: 0, throttled: 0, dead: 0 });
    // In one request, under the key of its three members.
    const key = await batchIdempotencyKey(signups.map(({ messageId }) => messageId));
    expect(key).toMatch(/^batch\/[0-9a-f]{64}$/);
    expect(
      fake
        .accepted()
        .map((mail) => [mail.to, mail.idempotencyKey])
        .sort(),
    ).toEqual(signups.map(({ email }) => [[email], key]).sort());
    expect(fake.stats()).toMatchObject({ requests: 1, accepted: 3 });
    const ids = new Set(fake.accepted().map((mail) => mail.id));
    for (const { messageId } of signups) {
      const sent = await message(messageId);
      expect(sent).toMatchObject({ status: 'sent', lease: null });
      // Each message keeps the provider's id of its own mail.
      expect(ids.has(String(sent.provider_message_id))).toBe(true);
      ids.delete(String(sent.provider_message_id));
    }
  });

  it("honours 429 with Retry-After: no try before the provider's wait is over, and nothing lost", async () => {
    fake = await providerThatThrottles(2);
    const queued = [];
    for (let i = 0; i < 6; i += 1) queued.push(await queueSignup('burst'));
    // The worker believes the provider takes 20 a second; the provider takes 2 and says so with 429.
    const { tries, transport } = recorded(providerTransport(fake));
    const report = await drainMailQueue(worker(transport, { sendsPerSecond: 20 }), {
      budgetMs: 20_000,
    });
    expect(report.sent).toBe(6);
    expect(report.throttled).toBeGreaterThan(0);
    expect(fake.stats()).toMatchObject({ accepted: 6, replayed: 0 });
    // A 429 is the provider's pace, not a failed try: each mail used one take, the one that sent it.
    const { data: burst } = await t.service
      .from('mail_queue')
      .select('attempts, status')
      .in(
        'id',
        queued.map((mail) => mail.messageId),
      );
    expect(burst).toEqual(Array.from({ length: 6 }, () => ({ attempts: 1, status: 'sent' })));
    for (const [index, attempt] of tries.entries()) {
      if (attempt.delivery.status !== 'throttled') continue;
      const next = tries[index + 1];
      expect(next.at).toBeGreaterThanOrEqual(attempt.at + attempt.delivery.retryAfterMs - 50);
    }
    expect((await t.service.rpc('mail_queue_pending')).data).toEqual({
      queued: 0,
      due: 0,
      sending: 0,
      dead: 0,
    });
  });

  it('tries a 5xx again after a backoff, with the same key, and the mail goes out once', async () => {
    // The first try fails after the provider took the mail (its answer is lost); the second succeeds.
    const failures = [0, 1];
    fake = await startFakeResend({
      ratePerSecond: 0,
      apiKey: 're_test',
      errorRate: 0.5,
      failAfterAccepting: true,
      random: () => failures.shift() ?? 1,
    });
    const { messageId } = await queueSignup('flaky');
    // The jitter at its top: the first wait is the whole RETRY_DELAY_BASE_MS.
    const run = () =>
      drainMailQueue(worker(providerTransport(fake as FakeResend), { random: () => 1 }), {
        budgetMs: 5_000,
      });
    const before = Date.now();
    expect(await run()).toEqual({ sent: 0, retried: 1, throttled: 0, dead: 0 });
    const after = Date.now();
    const waiting = await message(messageId);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(String(waiting.last_error)).toContain('HTTP 500');
    // Due again RETRY_DELAY_BASE_MS after the failed try, whenever that was within the run (the
    // server's clock is this machine's; its timestamps have microseconds).
    const due = Date.parse(String(waiting.available_at));
    expect(due).toBeGreaterThanOrEqual(before + RETRY_DELAY_BASE_MS - 1);
    expect(due).toBeLessThanOrEqual(after + RETRY_DELAY_BASE_MS + 1);
    // Not due, not taken: a run before its time sends nothing (the time pushed further, so that a
    // slow machine cannot reach it during the run).
    await t.service
      .from('mail_queue')
      .update({ available_at: new Date(Date.now() + 3_600_000).toISOString() })
      .eq('id', messageId);
    expect(await run()).toEqual({ sent: 0, retried: 0, throttled: 0, dead: 0 });

    await makeDue(messageId);
    expect(await run()).toEqual({ sent: 1, retried: 0, throttled: 0, dead: 0 });
    expect(fake.accepted()).toHaveLength(1);
    expect(fake.stats()).toMatchObject({ accepted: 1, replayed: 1, failed: 1 });
    expect(await message(messageId)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('moves a mail the provider refuses for good to the dead letters, which the team can send again', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test' });
    const { messageId, email } = await queueSignup('refused');
    // A sender the provider rejects (422): this message can never go as it is.
    const broken = worker(providerTransport(fake), {
      rendering: { urls: urls(), linkSecret: LOCAL_MAIL_LINK_SECRET, from: '' },
    });
    const report = await drainMailQueue(broken, { budgetMs: 5_000 });
    expect(report).toEqual({ sent: 0, retried: 0, throttled: 0, dead: 1 });
    const { data: dead } = await t.service.from('mail_dead_letters').select('*');
    expect(dead).toEqual([
      expect.objectContaining({
        id: messageId,
        kind: 'thank_you',
        list: 'newsletter',
        attempts: 1,
        last_error: 'Resend answered HTTP 422: The `from` field is required.',
      }),
    ]);
    const { data: summary } = await t.service.from('mail_queue_summary').select('status, messages');
    expect(summary).toEqual([{ status: 'dead', messages: 1 }]);
    // Nobody but the project may look.
    expect((await t.anon.from('mail_dead_letters').select('*')).error).toMatchObject({
      code: '42501',
    });

    expect((await t.service.rpc('requeue_dead_mail', { p_id: messageId })).data).toBe(1);
    await drainMailQueue(worker(providerTransport(fake as FakeResend)), { budgetMs: 5_000 });
    expect(fake.accepted().map((mail) => mail.to)).toEqual([[email]]);
  });

  it('holds every message, and kills none, while the provider refuses the key', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_right' });
    const first = await queueSignup('held');
    const second = await queueSignup('held');
    const report = await drainMailQueue(worker(providerTransport(fake, 're_wrong')), {
      budgetMs: 3_000,
    });
    // One request for both, then a minute's wait for everyone.
    expect(report).toEqual({ sent: 0, retried: 0, throttled: 2, dead: 0 });
    expect(fake.stats()).toMatchObject({ requests: 1 });
    for (const { messageId } of [first, second]) {
      expect(await message(messageId)).toMatchObject({ status: 'queued', attempts: 0 });
    }
    const { data: pace } = await t.service.from('mail_send_pace').select('next_send_at').single();
    expect(Date.parse(pace?.next_send_at)).toBeGreaterThan(Date.now() + 50_000);
  });

  it('gives up on a mail not sent within 23 hours, and on a privacy link past its hour', async () => {
    const old = await queueSignup('stale');
    await t.service
      .from('mail_queue')
      .update({ created_at: new Date(Date.now() - 23.5 * 3_600_000).toISOString() })
      .eq('id', old.messageId);
    const owner = uniqueEmail('owner');
    await storeSignUp(t.service, 'newsletter_subscriptions', { email: owner });
    // (Its own thank-you mail, queued with the row, is not what this test is about.)
    await t.service.from('mail_queue').delete().eq('kind', 'thank_you').neq('id', old.messageId);
    const linkId = crypto.randomUUID();
    const queued = await t.service.rpc('queue_privacy_link', {
      p_email: owner,
      p_action: 'copy',
      p_message_id: linkId,
      p_token_hash: 'a'.repeat(64),
      p_client_address: '198.51.100.7',
    });
    expect(queued.data).toBe(true);
    await t.service
      .from('mail_queue')
      .update({ created_at: new Date(Date.now() - 61 * 60_000).toISOString() })
      .eq('id', linkId);

    expect(await createRpcMailQueueStore(t.service).takeBatch(60, 100)).toEqual([]);
    expect(await message(old.messageId)).toMatchObject({
      status: 'dead',
      last_error: 'Not sent within 23 hours; last answer: none',
    });
    expect(await message(linkId)).toMatchObject({
      status: 'dead',
      last_error: 'Its link expired (1 hour) before it could be sent.',
    });
  });

  it('erasing a mailbox deletes its link mails not yet sent, address and all', async () => {
    const owner = uniqueEmail('erased');
    await storeSignUp(t.service, 'early_access_signups', { email: owner });
    const eraseHash = 'b'.repeat(64);
    for (const [action, hash] of [
      ['copy', 'c'.repeat(64)],
      ['erase', eraseHash],
    ]) {
      const queued = await t.service.rpc('queue_privacy_link', {
        p_email: owner,
        p_action: action,
        p_message_id: crypto.randomUUID(),
        p_token_hash: hash,
        p_client_address: '198.51.100.8',
      });
      expect(queued.data).toBe(true);
    }
    expect(
      (await t.service.from('mail_queue').select('id').eq('kind', 'privacy_link')).data,
    ).toHaveLength(2);
    const erased = await t.service.rpc('erase_mailbox_records', { p_token_hash: eraseHash });
    expect(erased.data).toMatchObject({ erased: { early_access: 1 } });
    expect(
      (await t.service.from('mail_queue').select('id').eq('kind', 'privacy_link')).data,
    ).toEqual([]);
  });

  it('gives up after 10 failed tries: the 9th leaves it queued, the 10th makes it a dead letter', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test', errorRate: 1 });
    const { messageId } = await queueSignup('hopeless');
    const run = () =>
      drainMailQueue(worker(providerTransport(fake as FakeResend)), { budgetMs: 5_000 });
    for (let tries = 1; tries <= 9; tries += 1) {
      expect(await run()).toEqual({ sent: 0, retried: 1, throttled: 0, dead: 0 });
      expect(await message(messageId)).toMatchObject({ status: 'queued', attempts: tries });
      await makeDue(messageId);
    }
    expect(await run()).toEqual({ sent: 0, retried: 0, throttled: 0, dead: 1 });
    expect(await message(messageId)).toMatchObject({ status: 'dead', attempts: 10 });
    expect(fake.stats()).toMatchObject({ failed: 10 });
  });

  it('does not mail twice when the worker dies between sending and settling', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test' });
    const { messageId, email } = await queueSignup('crash');
    const store = createRpcMailQueueStore(t.service);
    const dying: MailQueueStore = {
      ...store,
      settleBatch: () => Promise.reject(new Error('killed')),
    };
    await expect(
      drainMailQueue(worker(providerTransport(fake), { store: dying }), { budgetMs: 5_000 }),
    ).rejects.toThrow('killed');
    expect(fake.accepted()).toHaveLength(1);
    expect(await message(messageId)).toMatchObject({ status: 'sending', attempts: 1 });

    // Until its lease ends, no other worker takes it.
    expect(await drainMailQueue(worker(providerTransport(fake)), { budgetMs: 2_000 })).toEqual({
      sent: 0,
      retried: 0,
      throttled: 0,
      dead: 0,
    });
    await t.service
      .from('mail_queue')
      .update({ leased_until: new Date(Date.now() - 1000).toISOString() })
      .eq('id', messageId);
    expect(await drainMailQueue(worker(providerTransport(fake)), { budgetMs: 5_000 })).toEqual({
      sent: 1,
      retried: 0,
      throttled: 0,
      dead: 0,
    });
    expect(fake.accepted().map((mail) => mail.to)).toEqual([[email]]);
    expect(fake.stats()).toMatchObject({ accepted: 1, replayed: 1 });
  });

  it('a late settle by a worker whose lease has passed to another changes nothing', async () => {
    const { messageId } = await queueSignup('late-settle');
    const store = createRpcMailQueueStore(t.service);
    const [first] = await store.takeBatch(60, 100);
    await t.service
      .from('mail_queue')
      .update({ leased_until: new Date(Date.now() - 1000).toISOString() })
      .eq('id', messageId);
    const [second] = await store.takeBatch(60, 100);
    expect(second?.id).toBe(messageId);
    expect(second?.lease).not.toBe(first?.lease);
    const settle = (lease: string, settlement: Settlement) =>
      store.settleBatch(lease, [{ id: messageId, settlement }]);
    expect(await settle(first.lease, { outcome: 'dead', reason: 'stale' })).toEqual(
      new Map([[messageId, null]]),
    );
    expect(await settle(second.lease, { outcome: 'sent', providerId: 're_1' })).toEqual(
      new Map([[messageId, 'sent']]),
    );
  });

  it('never gives one message to two workers', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test', latencyMs: 20 });
    const queued = [];
    for (let i = 0; i < 12; i += 1) queued.push(await queueSignup('pair'));
    const store = createRpcMailQueueStore(t.service);
    const taken = (
      await Promise.all(Array.from({ length: 6 }, () => store.takeBatch(60, 2)))
    ).flat();
    expect(new Set(taken.map((mail) => mail.id)).size).toBe(12);
    for (const mail of taken) {
      await store.settleBatch(mail.lease, [{ id: mail.id, settlement: { outcome: 'released' } }]);
    }

    const reports = await Promise.all(
      [1, 2, 3].map(() =>
        drainMailQueue(worker(providerTransport(fake as FakeResend)), { budgetMs: 10_000 }),
      ),
    );
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(12);
    expect(fake.stats()).toMatchObject({ accepted: 12, replayed: 0 });
    expect(new Set(fake.accepted().map((mail) => mail.to[0])).size).toBe(12);
  });

  it('keeps the pace for all workers together', async () => {
    const store = createRpcMailQueueStore(t.service);
    const pace = async () => {
      const { data } = await t.service.from('mail_send_pace').select('next_send_at').single();
      return Date.parse(String(data?.next_send_at));
    };
    // The next slot a minute away: every caller below gets one of its own, 500 ms after the last,
    // whenever its call arrives (the slots are the server's, not each call's own clock).
    const start = Date.now() + 60_000;
    // (The table's one row.)
    await t.service
      .from('mail_send_pace')
      .update({ next_send_at: new Date(start).toISOString() })
      .eq('id', true);
    const waits = await Promise.all(
      Array.from({ length: 4 }, () => store.takeSendSlot(500, 120_000)),
    );
    expect(waits.every((wait) => wait > 0)).toBe(true);
    expect(await pace()).toBe(start + 4 * 500);
    // A slot further away than the caller will wait is not taken, and not used up.
    expect(await store.takeSendSlot(500, 100)).toBe(-1);
    expect(await pace()).toBe(start + 4 * 500);
  });
});

describe('batches at the provider (POST /emails/batch)', () => {
  /** n sign-ups, each mail queued with its row: their addresses. */
  async function queueMany(n: number, label: string): Promise<string[]> {
    const emails = Array.from({ length: n }, () => uniqueEmail(label));
    for (let start = 0; start < n; start += 25) {
      const stored = await Promise.all(
        emails
          .slice(start, start + 25)
          .map((email) => storeSignUp(t.service, 'newsletter_subscriptions', { email })),
      );
      expect(stored.map((answer) => answer.outcome)).toEqual(stored.map(() => 'stored'));
    }
    return emails;
  }

  /** The provider's transport with one address's message made invalid (an empty subject). */
  function spoiling(transport: MailTransport, bad: string): MailTransport {
    const spoil = (message: MailMessage) =>
      message.to === bad ? { ...message, subject: '' } : message;
    return {
      deliver: (message) => transport.deliver(spoil(message)),
      deliverBatch: (messages, key) =>
        (transport.deliverBatch as NonNullable<MailTransport['deliverBatch']>)(
          messages.map(spoil),
          key,
        ),
    };
  }

  const statuses = async () => {
    const { data } = await t.service.from('mail_queue').select('status, attempts');
    return (data ?? []).reduce<Record<string, number>>(
      (counts, row) => ({ ...counts, [row.status]: (counts[row.status] ?? 0) + 1 }),
      {},
    );
  };

  it('sends up to 100 messages per request, each once, each keeping its own provider id', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test' });
    // One batch full, and the rest in another.
    const emails = await queueMany(150, 'hundred');
    const report = await drainMailQueue(worker(providerTransport(fake)), { budgetMs: 20_000 });
    expect(report).toEqual({ sent: 150, retried: 0, throttled: 0, dead: 0 });
    expect(fake.stats()).toMatchObject({ requests: 2, accepted: 150, replayed: 0 });
    const keys = new Map<string, number>();
    for (const mail of fake.accepted()) {
      keys.set(mail.idempotencyKey, (keys.get(mail.idempotencyKey) ?? 0) + 1);
    }
    expect([...keys.values()].sort()).toEqual([100, 50]);
    expect(
      fake
        .accepted()
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual([...emails].sort());
    const { data } = await t.service.from('mail_queue').select('provider_message_id, status');
    expect(new Set((data ?? []).map((row) => row.provider_message_id))).toEqual(
      new Set(fake.accepted().map((mail) => mail.id)),
    );
  });

  it('tries a batch whose answer was lost again as the same request: nothing mailed twice', async () => {
    const failures = [0];
    fake = await startFakeResend({
      ratePerSecond: 0,
      apiKey: 're_test',
      errorRate: 0.5,
      failAfterAccepting: true,
      random: () => failures.shift() ?? 1,
    });
    const emails = await queueMany(3, 'lost');
    const run = () =>
      drainMailQueue(worker(providerTransport(fake as FakeResend)), { budgetMs: 5_000 });
    expect(await run()).toEqual({ sent: 0, retried: 3, throttled: 0, dead: 0 });
    // One more sign-up meanwhile: it does not join the batch being tried again.
    const [late] = await queueMany(1, 'late');
    await t.service
      .from('mail_queue')
      .update({ available_at: new Date(0).toISOString() })
      .eq('status', 'queued');
    expect(await run()).toEqual({ sent: 4, retried: 0, throttled: 0, dead: 0 });
    expect(fake.stats()).toMatchObject({ accepted: 4, replayed: 1, failed: 1 });
    expect(
      fake
        .accepted()
        .map((mail) => mail.to[0])
        .sort(),
    ).toEqual([...emails, late].sort());
    expect(await statuses()).toEqual({ sent: 4 });
  });

  it('settles a message the provider refuses in a batch dead, and sends the others', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test' });
    const emails = await queueMany(4, 'one-bad');
    const report = await drainMailQueue(worker(spoiling(providerTransport(fake), emails[2])), {
      budgetMs: 5_000,
    });
    expect(report).toEqual({ sent: 3, retried: 0, throttled: 0, dead: 1 });
    expect(fake.stats()).toMatchObject({ requests: 1, accepted: 3 });
    const { data: dead } = await t.service.from('mail_dead_letters').select('last_error');
    expect(dead).toEqual([
      { last_error: 'Resend refused it in a batch: The `subject` field is required.' },
    ]);
  });

  it('a batch refused as a whole (422) kills no valid message: each goes alone', async () => {
    fake = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test' });
    const emails = await queueMany(3, 'strict');
    // A provider that validates strictly whatever it is asked (the header dropped on the way).
    const strict = createResendTransport({
      apiKey: 're_test',
      endpoint: `${fake.url}/emails`,
      fetch: (url, init) => {
        const headers = new Headers(init?.headers);
        headers.delete('x-batch-validation');
        return fetch(url, { ...init, headers });
      },
    });
    const report = await drainMailQueue(worker(spoiling(strict, emails[0])), {
      budgetMs: 10_000,
    });
    expect(report.sent).toBe(2);
    expect(report.dead).toBe(1);
    expect(
      fake
        .accepted()
        .map((mail) => [mail.to[0], mail.idempotencyKey.slice(0, 5)])
        .sort(),
    ).toEqual(
      emails
        .slice(1)
        .map((email) => [email, 'mail/'])
        .sort(),
    );
    expect(await statuses()).toEqual({ sent: 2, dead: 1 });
  });

  it('honours 429 for a batch: every message sent once, no take counted', async () => {
    fake = await providerThatThrottles(1);
    // Two batches (100 and 10): the second meets the provider's 429.
    await queueMany(110, 'throttled');
    // The worker believes the provider takes 20 requests a second; it takes 1.
    const report = await drainMailQueue(worker(providerTransport(fake), { sendsPerSecond: 20 }), {
      budgetMs: 20_000,
    });
    expect(report.sent).toBe(110);
    expect(report.throttled).toBeGreaterThan(0);
    expect(fake.stats()).toMatchObject({ accepted: 110, replayed: 0 });
    const { data } = await t.service.from('mail_queue').select('attempts');
    expect(new Set((data ?? []).map((row) => row.attempts))).toEqual(new Set([1]));
  });
});

describe('a fresh confirmation for a sign-up still unconfirmed', () => {
  async function again(email: string) {
    const messageId = crypto.randomUUID();
    const tokens = await thankYouTokens(LOCAL_MAIL_LINK_SECRET, messageId, 'newsletter');
    return createRpcLedger(t.service).queueAgain('newsletter', email, messageId, {
      confirm: tokens.confirm?.hash ?? null,
      unsubscribe: tokens.unsubscribe.hash,
    });
  }

  it('is queued for any spelling of the mailbox, at most 3 times a day, and never once confirmed', async () => {
    // The test server raises every limit; this one is under test.
    await t.service
      .from('rate_limit_rules')
      .update({ max_requests: 3 })
      .eq('action', 'confirmation-again-mailbox');
    const { email } = await queueSignup('again');
    const [local, domain] = email.split('@');
    // Five at once, in two spellings of the mailbox: three are queued, whatever the order.
    const answers = await Promise.all([
      again(`${local.toUpperCase()}+x@${domain}`),
      ...Array.from({ length: 4 }, () => again(email)),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(3);
    const { data: queued } = await t.service
      .from('mail_queue')
      .select('id')
      .eq('list', 'newsletter')
      .eq('status', 'queued');
    // The first mail of the sign-up and the three fresh ones.
    expect(queued).toHaveLength(4);

    const confirmed = uniqueEmail('confirmed');
    await storeSignUp(t.service, 'newsletter_subscriptions', { email: confirmed });
    await t.service
      .from('newsletter_subscriptions')
      .update({ confirmed_at: new Date().toISOString() })
      .eq('email', confirmed);
    expect(await again(confirmed)).toBe(false);
    expect(await again(uniqueEmail('stranger'))).toBe(false);
  });
});

describe('the functions on Deno, with RESEND_API_URL pointing at the provider', () => {
  let provided: TestServer;
  let provider: FakeResend;
  beforeAll(async () => {
    provider = await startFakeResend({ ratePerSecond: 0, apiKey: 're_test_key' });
    provided = await startTestServer({
      resend: { apiKey: 're_test_key', apiUrl: provider.url },
    });
  });
  afterAll(async () => {
    await provided.stop();
    await provider.stop();
  });

  it('queue the thank-you mail and send it there, with its idempotency key, and nothing to the outbox', async () => {
    const email = uniqueEmail('provider');
    const response = await signUpThrough(provided.server, {
      list: 'newsletter',
      fields: { email },
    });
    expect(await response.json()).toEqual({ success: true, list: 'newsletter', emailSent: true });
    const messageId = await createRpcLedger(provided.service).queued('newsletter', email);
    expect(messageId).toEqual(expect.any(String));
    await sendQueuedMail(provided.server);
    expect(provider.accepted()).toEqual([
      expect.objectContaining({ to: [email], idempotencyKey: `mail/${messageId}` }),
    ]);
    expect(await outboxMail({ url: provided.server.url })).toEqual([]);
  });
});
