import type { AudienceStore } from '../../functions/_shared/audience/audience-store.ts';
import type { ResendAnswer } from '../../functions/_shared/audience/resend-contacts.ts';
import type { AudienceSettlement } from '../../functions/_shared/audience/settlement.ts';
import type { TakenStep } from '../../functions/_shared/audience/steps.ts';
import { syncAudience } from '../../functions/_shared/audience/sync.ts';

// The audience's worker loop (functions/_shared/audience/sync.ts) over a store and a Resend of the
// test's own, on a fake clock: one request per leased step, each after a slot of the shared pace (it
// waits while the mail or its own last request holds it, and gives the step back untried when no slot
// comes in time), each settled as its answer says; it stops when nothing is due.

function world(options: {
  steps: Array<TakenStep | 'more'>;
  slots?: number[];
  answers?: ResendAnswer[];
}) {
  let clock = 0;
  const steps = [...options.steps];
  const slots = [...(options.slots ?? [])];
  const answers = [...(options.answers ?? [])];
  const settled: Array<[string, AudienceSettlement]> = [];
  const requests: string[] = [];
  const slept: number[] = [];
  const store: AudienceStore = {
    takeSlot: async () => slots.shift() ?? 0,
    take: async () => steps.shift() ?? null,
    settle: async (lease, settlement) => {
      settled.push([lease, settlement]);
      return settlement.outcome === 'dead' ? 'dead' : 'queued';
    },
    pending: async () => ({ queued: 0, due: 0, sending: 0, dead: 0, scanning: false }),
  };
  const worker = {
    store,
    contacts: {
      call: async (request: { method: string; path: string }) => {
        requests.push(`${request.method} ${request.path}`);
        return answers.shift() ?? { kind: 'ok' as const, body: {} };
      },
    },
    sendsPerSecond: 2,
    logError: () => undefined,
    random: () => 0.5,
    now: () => clock,
    sleep: async (ms: number) => {
      slept.push(ms);
      clock += ms;
    },
  };
  return { worker, settled, requests, slept };
}

const step = (lease: string, contact: string): TakenStep => ({
  lease,
  attempts: 1,
  step: { op: 'update', contact, unsubscribed: true },
});

it('makes one request per step, after its slot, and settles each as answered', async () => {
  const w = world({
    steps: [step('l1', 'c-1'), 'more', step('l2', 'c-2'), step('l3', 'c-3')],
    slots: [0, 525, 0, 0],
    answers: [
      { kind: 'ok', body: {} },
      { kind: 'failed', reason: 'HTTP 503' },
      { kind: 'refused', reason: 'HTTP 422: no' },
    ],
  });
  const report = await syncAudience(w.worker, { budgetMs: 10_000 });
  expect(w.requests).toEqual(['PATCH /contacts/c-1', 'PATCH /contacts/c-2', 'PATCH /contacts/c-3']);
  expect(w.slept).toEqual([525]);
  expect(w.settled).toEqual([
    ['l1', { outcome: 'done', result: {} }],
    ['l2', { outcome: 'retry', delayMs: 3750, reason: 'HTTP 503' }],
    ['l3', { outcome: 'dead', reason: 'HTTP 422: no' }],
  ]);
  expect(report).toEqual({ done: 1, retried: 1, throttled: 0, dead: 1, waited: 1 });
});

it('gives a step back untried when no slot comes within the budget (mail keeps the pace busy)', async () => {
  const w = world({ steps: [step('l1', 'c-1'), step('l2', 'c-2')], slots: [1050, 1050, 1050] });
  const report = await syncAudience(w.worker, { budgetMs: 2_000 });
  expect(w.requests).toEqual([]);
  expect(w.settled).toEqual([['l1', { outcome: 'released', delayMs: 0 }]]);
  expect(report.waited).toBe(1);
});

it('a 429 is settled throttled with its wait, for every request of the team', async () => {
  const w = world({
    steps: [step('l1', 'c-1')],
    answers: [{ kind: 'throttled', waitMs: 2000, reason: 'HTTP 429' }],
  });
  expect(await syncAudience(w.worker, { budgetMs: 1_000 })).toMatchObject({ throttled: 1 });
  expect(w.settled).toEqual([['l1', { outcome: 'throttled', delayMs: 2000, reason: 'HTTP 429' }]]);
});
