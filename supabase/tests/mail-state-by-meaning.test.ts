import { asCaller, openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import { deliveryFixtures } from './test-support/mail-delivery.ts';
import { fixtureAuthEmail, insertSignedInStaff, sessionClaims } from './test-support/staff-auth.ts';

// The console's Mail column says what became of a mail by meaning, not by which of Resend's events
// arrived last (docs/console.md, the Mail column): a bounce that is not permanent is a soft bounce, never
// "Bounced"; a complaint or a permanent bounce is never undone by a delivered or delayed event after it;
// a delivered mail stays delivered when a soft bounce (an auto-reply, say) or a delay comes after.
// Events of one mail arrive out of order, and Resend's times are the events' own. On PostgreSQL
// (test-postgres).
let db: TestDatabase;
const { record, signUp, sent, clear } = deliveryFixtures(() => db);

const staffClaims = sessionClaims(fixtureAuthEmail(12));

beforeAll(async () => {
  db = await openTestDatabase();
  await insertSignedInStaff(db.asSuperuser, 'state-meaning.staff@example.com', staffClaims);
});
afterAll(() => db.close());
beforeEach(clear);

async function stateOf(id: string) {
  const { rows } = await asCaller(
    db.database,
    { role: 'authenticated', claims: staffClaims },
    (q) =>
      q.query('select public.console_mail_states($1, $2::jsonb) as r', [
        'early_access',
        JSON.stringify([id]),
      ]),
  );
  return (rows[0].r as Record<string, unknown>)[id];
}

type Event = { event: string; bounceType?: string };
// After the row is made: once its message is gone, a row is matched to the events since it was made.
const secondsOn = (seconds: number) => new Date(Date.now() + seconds * 1000);

/**
 * A row whose one mail Resend took, with the events in order of their times (the first the oldest),
 * recorded in the order given by `arrival` (indexes into events; in time order when left out).
 */
async function mailWith(address: string, events: Event[], arrival?: number[]) {
  const row = await signUp(address);
  const emailId = `e-${address}`;
  await sent(row.message, emailId);
  for (const index of arrival ?? events.map((_, i) => i)) {
    const { event, bounceType } = events[index];
    await record({ event, bounceType, emailId, to: [address], at: secondsOn(index + 1) });
  }
  return row;
}

const CASES: { name: string; events: Event[]; arrival?: number[]; state: string }[] = [
  {
    name: 'a transient bounce is a soft bounce',
    events: [{ event: 'bounced', bounceType: 'Transient' }],
    state: 'soft_bounced',
  },
  {
    name: 'an undetermined bounce is a soft bounce',
    events: [{ event: 'bounced', bounceType: 'Undetermined' }],
    state: 'soft_bounced',
  },
  {
    name: 'a permanent bounce, or one without a type, is a bounce',
    events: [{ event: 'bounced' }],
    state: 'bounced',
  },
  {
    name: 'a complaint stays when a delivered event comes after it',
    events: [{ event: 'complained' }, { event: 'delivered' }],
    state: 'complained',
  },
  {
    name: 'a complaint stays when a delay comes after it',
    events: [{ event: 'complained' }, { event: 'delayed' }],
    state: 'complained',
  },
  {
    name: 'a permanent bounce stays when a delivered or delayed event comes after it',
    events: [
      { event: 'bounced', bounceType: 'Permanent' },
      { event: 'delayed' },
      { event: 'delivered' },
    ],
    state: 'bounced',
  },
  {
    name: 'delivered after a delay is delivered, whichever arrived first',
    events: [{ event: 'delayed' }, { event: 'delivered' }],
    arrival: [1, 0],
    state: 'delivered',
  },
  {
    name: 'delivered stays when a delay is reported after it',
    events: [{ event: 'delivered' }, { event: 'delayed' }],
    state: 'delivered',
  },
  {
    name: 'delivered stays when a soft bounce comes after it',
    events: [{ event: 'delivered' }, { event: 'bounced', bounceType: 'Transient' }],
    state: 'delivered',
  },
  {
    name: 'a soft bounce after a delay is a soft bounce',
    events: [{ event: 'delayed' }, { event: 'bounced', bounceType: 'Transient' }],
    state: 'soft_bounced',
  },
  {
    name: 'a permanent bounce after delivery (the server bounced it later) is a bounce',
    events: [{ event: 'delivered' }, { event: 'bounced', bounceType: 'Permanent' }],
    state: 'bounced',
  },
];

describe('the Mail column’s state, by meaning', () => {
  it.each(CASES)('$name', async ({ events, arrival, state }) => {
    const row = await mailWith('someone@example.com', events, arrival);
    expect((await stateOf(row.id)) as { state: string }).toMatchObject({ state });
    // The same once the sent message is gone (7 days) and the row is matched by its address.
    await db.asSuperuser('delete from public.mail_queue where id = $1', [row.message]);
    expect((await stateOf(row.id)) as { state: string }).toMatchObject({ state });
  });

  it('a soft bounce suppresses nothing, and the row says so', async () => {
    const row = await mailWith('full@example.com', [{ event: 'bounced', bounceType: 'Transient' }]);
    expect(await stateOf(row.id)).toEqual({ state: 'soft_bounced', suppressed: null });
  });

  it('once the message is gone, the row shows its newest mail, by meaning', async () => {
    const row = await signUp('twice@example.com');
    await db.asSuperuser('delete from public.mail_queue where id = $1', [row.message]);
    // An older mail that bounced softly, then a newer one delivered and reported delayed late.
    await record({
      event: 'bounced',
      bounceType: 'Transient',
      emailId: 'e-old',
      to: ['twice@example.com'],
      at: secondsOn(1),
    });
    await record({
      event: 'delivered',
      emailId: 'e-new',
      to: ['twice@example.com'],
      at: secondsOn(5),
    });
    await record({
      event: 'delayed',
      emailId: 'e-new',
      to: ['twice@example.com'],
      at: secondsOn(9),
    });
    expect(await stateOf(row.id)).toEqual({ state: 'delivered', suppressed: null });
  });
});
