import { openTestDatabase, uniqueEmail, type TestDatabase } from '@agentora/local-supabase/testing';
import { IPV6_CLIENT_PREFIX_LENGTH } from '../functions/_shared/http/client-address.ts';
import { asFrom, signUp, signUpAnswer, signupFields } from './test-support/growth.ts';

// An IPv6 client is counted by its network, not by its address: one home connection is routinely given
// a /56 and a business a /48, so keying on the /64 gave one subscriber 256 (or 65,536) times every limit.
// Every place a client address is a key is tried here from many /64s of one network: the sign-up
// tables' limits, every function's limit, the referral cap per address, the visit counts, the CSP
// reports, the remote health reports and the privacy links per requester. The rate limits are the
// production ones.
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase({ rateLimits: 'production' });
});
afterAll(() => db.close());

let nextNetwork = 0;
/**
 * `count` addresses of one fresh network of the prefix length, each in another /64, spread over
 * several /56s of it (the /56s only while the prefix is wider than a /56).
 */
function addressesOfOneNetwork(count: number): string[] {
  nextNetwork += 1;
  const network = `2001:db8:${nextNetwork.toString(16)}`;
  return Array.from({ length: count }, (_, i) => {
    // The fourth group: its high byte picks the /56, its low byte the /64 within it.
    const slash56 = i % 4;
    const slash64 = i + 1;
    const group = ((slash56 << 8) | slash64).toString(16);
    return `${network}:${group}::${(i % 7) + 1}`;
  });
}

async function rule(action: string): Promise<number> {
  const { rows } = await db.asSuperuser(
    'select max_requests from public.rate_limit_rules where action = $1',
    [action],
  );
  return rows[0].max_requests as number;
}

describe('the client key of an IPv6 address', () => {
  it(`is its /${IPV6_CLIENT_PREFIX_LENGTH}, the width the database uses`, async () => {
    const { rows } = await db.asSuperuser(
      `select private.ipv6_client_prefix_length() as width,
              private.client_key('2001:db8:1:2:3:4:5:6') as key,
              private.client_key('2001:db8:1:ffff:ffff:ffff:ffff:ffff') as same,
              private.client_key('2001:db8:2::1') as other,
              private.client_key('203.0.113.7') as v4`,
    );
    expect(rows[0]).toEqual({
      width: IPV6_CLIENT_PREFIX_LENGTH,
      key: `2001:db8:1::/${IPV6_CLIENT_PREFIX_LENGTH}`,
      same: `2001:db8:1::/${IPV6_CLIENT_PREFIX_LENGTH}`,
      other: `2001:db8:2::/${IPV6_CLIENT_PREFIX_LENGTH}`,
      v4: '203.0.113.7',
    });
  });
});

describe(`many /64s of one /${IPV6_CLIENT_PREFIX_LENGTH} are one client`, () => {
  it('for the sign-up tables: twelve /64s get the 10 sign-ups a minute of one address', async () => {
    const limit = await rule('early_access_signups');
    const addresses = addressesOfOneNetwork(limit + 2);
    const answers: string[] = [];
    for (const address of addresses) {
      // As the function sign-up stores it: public.sign_up with the client address the gateway vouched for.
      const answer = await signUpAnswer(
        db,
        'early_access_signups',
        signupFields('early_access_signups'),
        address,
      );
      answers.push(answer.outcome);
    }
    expect(answers).toEqual([...Array(limit).fill('stored'), 'rate_limited', 'rate_limited']);
  });

  it("for every function's limit", async () => {
    const { rows } = await db.asSuperuser(
      `select action, max_requests from public.rate_limit_rules
        where action not like 'privacy-link-mailbox%' and action <> 'referral-per-address'
        order by action`,
    );
    expect(rows.length).toBeGreaterThan(5);
    for (const { action, max_requests: limit } of rows as Array<{
      action: string;
      max_requests: number;
    }>) {
      const answers: string[] = [];
      for (const address of addressesOfOneNetwork(limit + 1)) {
        answers.push(
          await db
            .as('service_role', 'select public.take_rate_limit_token($1, $2)', [action, address])
            .then(
              () => 'taken',
              (error: { code?: string }) => String(error.code),
            ),
        );
      }
      expect({ action, answers }).toEqual({
        action,
        answers: [...Array(limit).fill('taken'), 'PT429'],
      });
    }
  });

  it('for the referral cap per address', async () => {
    const limit = await rule('referral-per-address');
    const referrer = await signUp(db, 'waitlist_signups', {}, '198.51.100.200');
    const holds: unknown[] = [];
    for (const address of addressesOfOneNetwork(limit + 1)) {
      const row = await signUp(
        db,
        'waitlist_signups',
        { referred_by: referrer.referral_code, email: uniqueEmail('v6ref') },
        address,
      );
      holds.push(row.referral_hold);
    }
    expect(holds).toEqual([...Array(limit).fill(null), 'address_cap']);
  });

  it('for the visit counts', async () => {
    const limit = await rule('record-visit');
    const answers: unknown[] = [];
    for (const address of addressesOfOneNetwork(limit + 1)) {
      const { rows } = await db.as(
        'service_role',
        `select public.record_visit('/v6', false, null, null, null, null, $1) as counted`,
        [address],
      );
      answers.push(rows[0].counted);
    }
    expect(answers).toEqual([...Array(limit).fill(true), false]);
  });

  it('for the CSP reports', async () => {
    const limit = await rule('csp-report');
    let counted = 0;
    for (const address of addressesOfOneNetwork(limit + 1)) {
      const { rows } = await db.as(
        'service_role',
        `select public.record_csp_violations('v6', $1::jsonb, $2) as counted`,
        [
          JSON.stringify([
            { directive: 'script-src-elem', blocked: 'inline', page: '/', sample: '' },
          ]),
          address,
        ],
      );
      counted += rows[0].counted as number;
    }
    expect(counted).toBe(limit);
  });

  it('for the remote health reports', async () => {
    const limit = await rule('remote_health_reports');
    const answers: string[] = [];
    for (const address of addressesOfOneNetwork(limit + 1)) {
      answers.push(
        await asFrom(
          db,
          'anon',
          address,
          `select public.report_remote_health('careers', 'https://careers.agentora.ai/mf-manifest.json', 'loaded')`,
        ).then(
          () => 'counted',
          (error: { code?: string }) => String(error.code),
        ),
      );
    }
    expect(answers.slice(-2)).toEqual(['counted', 'PT429']);
  });

  it('for the privacy links a mailbox gets at one requester’s request', async () => {
    const email = uniqueEmail('v6privacy');
    await db.asSuperuser('insert into public.newsletter_subscriptions (email) values ($1)', [
      email,
    ]);
    const limit = await rule('privacy-link-mailbox-requester');
    const mailed: unknown[] = [];
    for (const [i, address] of addressesOfOneNetwork(limit + 1).entries()) {
      const { rows } = await db.as(
        'service_role',
        `select public.issue_privacy_token($1, 'erase', $2, $3) as mail`,
        [email, (0xabc000 + i).toString(16).padStart(64, '0'), address],
      );
      mailed.push(rows[0].mail);
    }
    expect(mailed).toEqual([...Array(limit).fill(true), false]);
  });
});
