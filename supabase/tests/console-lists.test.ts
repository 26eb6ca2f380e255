import { uniqueEmail, type TestServer } from '@agentora/local-supabase/testing';
import {
  applicationArgs,
  signupArgs,
  startConsoleServer,
  storeApplication,
  storeWaitlistSignup,
  type SignedInMember,
} from './test-support/console.ts';

// The console's data through the real server (on PostgreSQL, test-postgres): the
// console's lists: console_signups, console_applications and console_signups_per_day (filters,
// paging, sorting) (supabase/schemas/console-lists.sql and console-growth.sql, and staff.sql for who
// is staff); how the sessions are made: test-support/console.ts, startConsoleServer.

let t: TestServer;
let staff: SignedInMember;
beforeAll(async () => ({ t, staff } = await startConsoleServer()));
afterAll(() => t.stop());

describe('console_signups', () => {
  const tag = `list${Date.now().toString(36)}`;
  const day = (n: number) => new Date(Date.UTC(2024, 0, n, 12)).toISOString();
  beforeAll(async () => {
    // Five per list, one a day from 2024-01-01, confirmed on odd days; addresses sort z → v.
    for (const [table, extra] of [
      ['early_access_signups', {}],
      ['newsletter_subscriptions', {}],
      ['waitlist_signups', { first_name: 'Grace', last_name: 'Hopper', company: 'Navy' }],
    ] as const) {
      for (let i = 1; i <= 5; i += 1) {
        const { error } = await t.service.from(table).insert({
          ...extra,
          email: `${'zyxwv'[i - 1]}.${tag}@example.com`,
          created_at: day(i),
          confirmed_at: i % 2 === 1 ? day(i) : null,
        });
        expect(error).toBeNull();
      }
    }
  });
  const list = (args: Record<string, unknown>) =>
    staff.client.rpc('console_signups', signupArgs({ p_search: tag, ...args }));

  it('pages newest first by default, with the total and exactly the fields of each list', async () => {
    const { data, error } = await list({ p_form: 'early_access', p_limit: 2 });
    expect(error).toBeNull();
    expect(data.total).toBe(5);
    expect(data.rows.map((row: { email: string }) => row.email[0])).toEqual(['v', 'w']);
    expect(Object.keys(data.rows[0]).sort()).toEqual(
      [
        'confirmed_at',
        'created_at',
        'email',
        'id',
        'invite_state',
        'invite_wave',
        'invited_at',
        'joined_at',
        'landing_path',
        'source',
      ].sort(),
    );
    const newsletter = await list({ p_form: 'newsletter', p_limit: 1 });
    expect(Object.keys(newsletter.data.rows[0]).sort()).toEqual(
      ['confirmed_at', 'created_at', 'email', 'id', 'landing_path', 'source'].sort(),
    );
    const waitlist = await list({ p_form: 'waitlist', p_limit: 1, p_offset: 4 });
    expect(waitlist.data.total).toBe(5);
    expect(waitlist.data.rows).toEqual([
      {
        id: expect.any(String),
        email: `z.${tag}@example.com`,
        created_at: expect.stringMatching(/^2024-01-01T12:00:00/),
        confirmed_at: expect.stringMatching(/^2024-01-01T12:00:00/),
        first_name: 'Grace',
        last_name: 'Hopper',
        company: 'Navy',
        role: null,
        company_size: null,
        use_case: null,
        hear_about: null,
        invited_at: null,
        invite_wave: null,
        invite_state: null,
        joined_at: null,
        source: 'direct',
        landing_path: null,
      },
    ]);
  });

  it('sorts by address, either way, and pages past the end to nothing', async () => {
    const ascending = await list({ p_form: 'newsletter', p_sort: 'email', p_descending: false });
    expect(ascending.data.rows.map((row: { email: string }) => row.email[0])).toEqual([
      'v',
      'w',
      'x',
      'y',
      'z',
    ]);
    const descending = await list({ p_form: 'newsletter', p_sort: 'email', p_descending: true });
    expect(descending.data.rows.map((row: { email: string }) => row.email[0])).toEqual([
      'z',
      'y',
      'x',
      'w',
      'v',
    ]);
    expect((await list({ p_form: 'newsletter', p_offset: 5 })).data).toEqual({
      total: 5,
      rows: [],
    });
  });

  it('filters by UTC day, confirmation and invitation', async () => {
    const days = await list({ p_form: 'waitlist', p_from: '2024-01-02', p_to: '2024-01-03' });
    expect(days.data.total).toBe(2);
    const confirmed = await list({ p_form: 'early_access', p_confirmed: true });
    expect(confirmed.data.total).toBe(3);
    const unconfirmed = await list({ p_form: 'early_access', p_confirmed: false });
    expect(unconfirmed.data.total).toBe(2);
    expect((await list({ p_form: 'waitlist', p_invited: false })).data.total).toBe(5);
    expect((await list({ p_form: 'waitlist', p_invited: true })).data.total).toBe(0);
    // Nobody on the other lists is invited.
    expect((await list({ p_form: 'newsletter', p_invited: true })).data.total).toBe(0);
    expect((await list({ p_form: 'newsletter', p_invited: false })).data.total).toBe(5);
  });

  it('searches addresses in any letter case, and the waitlist by name and company too', async () => {
    expect(
      (await list({ p_search: `X.${tag.toUpperCase()}`, p_form: 'newsletter' })).data.total,
    ).toBe(1);
    const byName = await staff.client.rpc(
      'console_signups',
      signupArgs({ p_search: 'grace hop', p_from: '2024-01-01', p_to: '2024-01-05' }),
    );
    expect(byName.data.total).toBe(5);
    const byCompany = await staff.client.rpc(
      'console_signups',
      signupArgs({ p_search: 'NAVY', p_from: '2024-01-01', p_to: '2024-01-05' }),
    );
    expect(byCompany.data.total).toBe(5);
    // LIKE's wildcards are plain characters in a search.
    expect((await list({ p_search: '%', p_form: 'newsletter' })).data.total).toBe(0);
    expect((await list({ p_search: `_.${tag}`, p_form: 'newsletter' })).data.total).toBe(0);
  });

  it('refuses what it cannot answer with 22023', async () => {
    for (const args of [
      { p_form: 'career' },
      { p_form: null },
      { p_sort: 'last_name' },
      { p_limit: 201 },
      { p_limit: 0 },
      { p_offset: -1 },
      { p_search: 'x'.repeat(201) },
    ]) {
      const { error } = await list({ p_form: 'waitlist', ...args });
      expect([args, error?.code]).toEqual([args, '22023']);
    }
  });
});

describe('console_applications', () => {
  const tag = `apps${Date.now().toString(36)}`;
  beforeAll(async () => {
    const people = [
      ['Ada', 'lovelace', 'pending'],
      ['Grace', 'Hopper', 'reviewing'],
      ['Alan', 'Turing', 'pending'],
      ['Barbara', 'Liskov', 'offer'],
    ];
    for (const [index, [first, last, status]] of people.entries()) {
      await storeApplication(
        t,
        {
          first_name: first,
          last_name: last,
          email: `${first.toLowerCase()}.${tag}@example.com`,
          status,
          location: 'London',
          current_role: 'Engineer',
          created_at: new Date(Date.UTC(2024, 1, index + 1)).toISOString(),
        },
        { resume: index === 0 },
      );
    }
  });
  const list = (args: Record<string, unknown>) =>
    staff.client.rpc('console_applications', applicationArgs({ p_search: tag, ...args }));

  it('pages with the list fields, newest first', async () => {
    const { data, error } = await list({ p_limit: 2 });
    expect(error).toBeNull();
    expect(data.total).toBe(4);
    expect(data.rows).toEqual([
      {
        id: expect.any(String),
        first_name: 'Barbara',
        last_name: 'Liskov',
        email: `barbara.${tag}@example.com`,
        created_at: expect.stringMatching(/^2024-02-04T00:00:00/),
        status: 'offer',
        current_role: 'Engineer',
        location: 'London',
        resume_filename: null,
        source: 'direct',
        landing_path: null,
      },
      expect.objectContaining({ first_name: 'Alan' }),
    ]);
  });

  it('sorts by last name in any letter case, filters by status and day, and finds full names', async () => {
    const byName = await list({ p_sort: 'last_name', p_descending: false });
    expect(byName.data.rows.map((row: { last_name: string }) => row.last_name)).toEqual([
      'Hopper',
      'Liskov',
      'lovelace',
      'Turing',
    ]);
    const pending = await list({ p_status: 'pending' });
    expect(pending.data.rows.map((row: { first_name: string }) => row.first_name)).toEqual([
      'Alan',
      'Ada',
    ]);
    expect((await list({ p_from: '2024-02-02', p_to: '2024-02-02' })).data.total).toBe(1);
    const fullName = await staff.client.rpc(
      'console_applications',
      applicationArgs({ p_search: 'GRACE hopper', p_from: '2024-02-01', p_to: '2024-02-04' }),
    );
    expect(fullName.data.total).toBe(1);
    expect((await list({ p_status: 'hired' })).error?.code).toBe('22023');
    expect((await list({ p_sort: 'status' })).error?.code).toBe('22023');
  });
});

describe('console_signups_per_day', () => {
  it('counts each form per UTC day, leaving out empty days', async () => {
    const at = (iso: string) => ({ created_at: iso });
    await t.service.from('early_access_signups').insert([
      { email: uniqueEmail('day'), ...at('2023-03-01T00:00:00Z') },
      { email: uniqueEmail('day'), ...at('2023-03-01T23:59:59Z') },
      { email: uniqueEmail('day'), ...at('2023-03-03T10:00:00Z') },
    ]);
    await t.service
      .from('newsletter_subscriptions')
      .insert({ email: uniqueEmail('day'), ...at('2023-03-02T00:00:00+01:00') });
    await storeWaitlistSignup(t, at('2023-03-02T12:00:00Z'));
    await storeApplication(t, at('2023-03-03T12:00:00Z'));
    // Outside the range.
    await t.service
      .from('early_access_signups')
      .insert({ email: uniqueEmail('day'), ...at('2023-03-04T00:00:00Z') });
    const { data, error } = await staff.client.rpc('console_signups_per_day', {
      p_from: '2023-03-01',
      p_to: '2023-03-03',
    });
    expect(error).toBeNull();
    expect(data).toEqual([
      { day: '2023-03-01', form: 'early_access', count: 2 },
      // 2023-03-02T00:00+01:00 is still the 1st in UTC.
      { day: '2023-03-01', form: 'newsletter', count: 1 },
      { day: '2023-03-02', form: 'waitlist', count: 1 },
      { day: '2023-03-03', form: 'career', count: 1 },
      { day: '2023-03-03', form: 'early_access', count: 1 },
    ]);
  });
});
