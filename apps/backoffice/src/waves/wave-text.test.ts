/** @jest-environment node */
import type { WaveAnswer } from '../backend/console-types';
import { decisionText, invitationText, ruleText, sentText, skippedText } from './wave-text';
import { runningTotals } from './wave-series';

const none = {
  already_invited: 0,
  unconfirmed: 0,
  unsubscribed: 0,
  bounced: 0,
  complained: 0,
  not_on_list: 0,
  total: 0,
};
const decision = {
  invited: 1000,
  first_place: 1,
  last_place: 1004,
  skipped: { ...none, unconfirmed: 2, unsubscribed: 1, bounced: 1, total: 4 },
  plan: 'p',
};

it('says what a dry run would do, and what a sent wave did, with who was passed over and why', () => {
  expect(decisionText(decision, 'would')).toBe(
    'Would invite 1,000 members: places 1 to 1,004. Passed over 4: 2 unconfirmed, 1 unsubscribed, 1 bounced.',
  );
  expect(decisionText({ ...decision, invited: 1, last_place: 1, skipped: none }, 'did')).toBe(
    'Invited 1 member: place 1.',
  );
  expect(
    decisionText(
      {
        ...decision,
        invited: 0,
        first_place: null,
        last_place: null,
        skipped: { ...none, already_invited: 3, total: 3 },
      },
      'would',
    ),
  ).toBe('Nobody would be invited. Passed over 3: 3 already invited.');
  expect(skippedText(none)).toBe('');
});

it('says a scheduled wave is decided when it starts', () => {
  const answer = {
    ...decision,
    wave: 7,
    status: 'scheduled',
    dry_run: false,
    list: 'early_access',
    rule: 'next',
    starts_at: '2026-12-24T09:00:00Z',
    remind_after_days: null,
  } as WaveAnswer;
  expect(sentText(answer)).toBe(
    'Wave 7 is scheduled for 24 Dec 2026, 09:00 UTC; it is decided then. If it started now: Would invite 1,000 members: places 1 to 1,004. Passed over 4: 2 unconfirmed, 1 unsubscribed, 1 bounced.',
  );
  expect(sentText({ ...answer, status: 'started' })).toMatch(/^Wave 7: Invited 1,000 members/);
});

it("names a wave's rule and a member's invitation", () => {
  const wave = { list: 'waitlist', count: null, up_to_place: null, chosen: null } as const;
  expect(ruleText({ ...wave, rule: 'next', count: 50 })).toBe('Waitlist, the next 50');
  expect(ruleText({ ...wave, list: 'early_access', rule: 'up_to', up_to_place: 1000 })).toBe(
    'Early access, everyone up to place 1,000',
  );
  expect(ruleText({ ...wave, rule: 'chosen', chosen: 3 })).toBe('Waitlist, 3 chosen');
  expect(invitationText({ invite_state: 'joined', invite_wave: 3 })).toBe('Joined · wave 3');
  expect(invitationText({ invite_state: null })).toBe('—');
});

it('adds up a wave’s periods into running totals, in time order', () => {
  const point = (at: string, mailed: number, joined: number) => ({
    at,
    mailed,
    delivered: mailed,
    bounced: 0,
    complained: 0,
    joined,
  });
  expect(
    runningTotals([point('2026-12-01T10:01:00Z', 40, 1), point('2026-12-01T10:00:00Z', 60, 0)]),
  ).toEqual({ mailed: [60, 100], delivered: [60, 100], bounced: [0, 0], joined: [0, 1] });
});
