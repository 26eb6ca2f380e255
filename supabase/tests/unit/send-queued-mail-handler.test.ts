import { publicUrls } from '../../functions/_shared/links/public-urls.ts';
import type { MailWorker } from '../../functions/_shared/mail-queue/drain.ts';
import type { MailQueueStore, Settlement } from '../../functions/_shared/mail-queue/queue-store.ts';
import type { QueuedMail } from '../../functions/_shared/mail-queue/queued-mail.ts';
import type { MailMessage, MailTransport } from '../../functions/_shared/mail/types.ts';
import { createSendQueuedMailHandler } from '../../functions/send-queued-mail/handler.ts';
import { oneAtATimeStore } from '../test-support/mail-worker.ts';

// The worker function's own rules (its body, its answers, running after the answer) with an in-memory
// queue; the SQL and the provider are in mail-queue.test.ts. Only the secret key reaches this handler:
// functions.test.ts and tests/deno/entry-points.test.ts check the key in front of it.
function memoryQueue(messages: QueuedMail[]) {
  const settled: Array<[string, Settlement['outcome']]> = [];
  const store = oneAtATimeStore({
    messages,
    settle: (mail, settlement) => {
      settled.push([mail.id, settlement.outcome]);
      return settlement.outcome === 'sent' ? 'sent' : 'queued';
    },
  });
  return { store, settled };
}

const mail = (id: string): QueuedMail => ({
  id,
  lease: `lease-${id}`,
  attempts: 1,
  to: `${id}@example.com`,
  kind: 'thank_you',
  list: 'newsletter',
});

function workerWith(store: MailQueueStore, sent: MailMessage[]): MailWorker {
  const transport: MailTransport = {
    deliver: async (message) => (sent.push(message), { status: 'sent', id: `re_${sent.length}` }),
  };
  return {
    store,
    transport,
    rendering: {
      urls: publicUrls({ supabaseUrl: 'https://project.supabase.co' }),
      linkSecret: 'a-test-secret-of-at-least-32-characters',
    },
    sendsPerSecond: 100,
    logError: () => undefined,
  };
}

const post = (body: string) =>
  new Request('http://functions.local/send-queued-mail', { method: 'POST', body });

describe('send-queued-mail handler', () => {
  it('with wait: sends what is due and answers what it sent and what is pending', async () => {
    const { store, settled } = memoryQueue([mail('a'), mail('b')]);
    const sent: MailMessage[] = [];
    const handler = createSendQueuedMailHandler({ worker: workerWith(store, sent) });
    const response = await handler(post('{"seconds": 5, "wait": true}'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      sent: { sent: 2, retried: 0, throttled: 0, dead: 0 },
      pending: { queued: 0, due: 0, sending: 0, dead: 0 },
    });
    expect(sent.map((message) => message.idempotencyKey)).toEqual(['mail/a', 'mail/b']);
    expect(settled).toEqual([
      ['a', 'sent'],
      ['b', 'sent'],
    ]);
  });

  it('without wait (pg_cron, or an empty body from pg_net): answers 202 at once and sends after', async () => {
    for (const body of ['{"seconds": 20}', '']) {
      const { store } = memoryQueue([mail('c')]);
      const sent: MailMessage[] = [];
      const later: Array<() => Promise<unknown>> = [];
      const handler = createSendQueuedMailHandler({
        worker: workerWith(store, sent),
        inBackground: (task) => void later.push(task),
      });
      const response = await handler(post(body));
      expect([response.status, await response.json()]).toEqual([
        202,
        { success: true, started: true },
      ]);
      expect(sent).toEqual([]);
      await Promise.all(later.map((task) => task()));
      expect(sent).toHaveLength(1);
    }
  });

  it.each([
    ['not JSON', '{"seconds":', 400],
    ['an array', '[1]', 400],
    ['a negative budget', '{"seconds": -1}', 400],
    ['a budget past the wall clock', '{"seconds": 141}', 400],
    ['a budget that is not a number', '{"seconds": "50"}', 400],
    ['wait that is not a boolean', '{"wait": "yes"}', 400],
    ['a body over 256 bytes', `{"seconds": 1, "pad": "${'x'.repeat(300)}"}`, 413],
  ])('refuses %s before touching the queue', async (_label, body, status) => {
    let touched = false;
    const { store } = memoryQueue([]);
    const watched: MailQueueStore = {
      ...store,
      takeSendSlot: async () => ((touched = true), 0),
    };
    const handler = createSendQueuedMailHandler({ worker: workerWith(watched, []) });
    expect((await handler(post(body))).status).toBe(status);
    expect(touched).toBe(false);
  });

  it('refuses other methods, preflights included: no browser calls it', async () => {
    const handler = createSendQueuedMailHandler({ worker: workerWith(memoryQueue([]).store, []) });
    for (const method of ['GET', 'OPTIONS', 'PUT']) {
      const response = await handler(new Request('http://functions.local/x', { method }));
      expect(response.status).toBe(405);
    }
  });

  it('answers 500 without details when the queue cannot be read', async () => {
    const { store } = memoryQueue([]);
    const broken: MailQueueStore = {
      ...store,
      takeSendSlot: () => Promise.reject(new Error('connection refused: db.internal:5432')),
    };
    const handler = createSendQueuedMailHandler({ worker: workerWith(broken, []) });
    const response = await handler(post('{"wait": true}'));
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain('db.internal');
  });
});
