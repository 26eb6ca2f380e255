import { EMPTY_APPLICATION, signUp, submitApplication } from '@agentora/data';
import { BOT_CHECK_TOKEN, connectTestBackend, uniqueEmail } from './test-support/test-backend';

// Against the server that keeps the production limits (test-support/global-setup.ts). Every request of this
// file comes from 127.0.0.1, so the tests use each limit once.
const backend = connectTestBackend({ rateLimits: 'production' });

it.each([
  ['newsletter', 'newsletter_subscriptions'],
  ['early_access', 'early_access_signups'],
] as const)(
  'signUp answers rate_limited for the 11th rapid %s sign-up, and stores nothing of it',
  async (list, table) => {
    for (let i = 0; i < 10; i += 1) {
      await expect(signUp(list, { email: uniqueEmail() }, BOT_CHECK_TOKEN)).resolves.toMatchObject({
        ok: true,
      });
    }
    const eleventh = uniqueEmail('eleventh');
    await expect(signUp(list, { email: eleventh }, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: false,
      reason: 'rate_limited',
    });
    const { data } = await backend.service.from(table).select('id').eq('email', eleventh);
    expect(data).toEqual([]);
  },
);

it('the 6th application in an hour is refused as rate_limited', async () => {
  const application = () => ({
    ...EMPTY_APPLICATION,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('ada'),
    whyJoin: 'Agents.',
  });
  for (let i = 0; i < 5; i += 1) {
    await expect(
      submitApplication(application(), undefined, BOT_CHECK_TOKEN),
    ).resolves.toMatchObject({ ok: true });
  }
  await expect(submitApplication(application(), undefined, BOT_CHECK_TOKEN)).resolves.toEqual({
    ok: false,
    reason: 'rate_limited',
  });
});
