import type { TestServer } from '../src/testing/test-server.ts';
import { GUESTBOOK, startGuestbookServer } from './test-support/guestbook.ts';

// Anonymous inserts under concurrency, into the tests' own table (test-support/guestbook.ts).
let t: TestServer;
beforeAll(async () => {
  t = await startGuestbookServer();
});
afterAll(() => t.stop());

describe('under concurrent load', () => {
  it('acknowledges 500 concurrent inserts and keeps every one', async () => {
    const batch = `bulk${Date.now()}`;
    const emails = Array.from({ length: 500 }, (_, i) => `${batch}.${i}@example.com`);
    const results = await Promise.all(
      emails.map((email) => t.anon.from(GUESTBOOK).insert({ email })),
    );
    expect(results.map((result) => result.status)).toEqual(emails.map(() => 201));

    const { data, error } = await t.service
      .from(GUESTBOOK)
      .select('email')
      .like('email', `${batch}.%`);
    expect(error).toBeNull();
    expect(new Set(data?.map((row) => row.email))).toEqual(new Set(emails));
  });

  it('lets exactly one of 50 concurrent duplicates (in mixed case) through', async () => {
    const email = `race${Date.now()}@example.com`;
    const variants = Array.from({ length: 50 }, (_, i) =>
      i % 2 === 0 ? email : email.toUpperCase(),
    );
    const results = await Promise.all(
      variants.map((variant) => t.anon.from(GUESTBOOK).insert({ email: variant })),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    expect(
      results.filter((result) => result.error).every((result) => result.error?.code === '23505'),
    ).toBe(true);

    const { data } = await t.service.from(GUESTBOOK).select('email').ilike('email', email);
    expect(data).toHaveLength(1);
  });
});
