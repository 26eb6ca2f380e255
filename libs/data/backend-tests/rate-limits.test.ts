import { EMPTY_APPLICATION, signUp, submitApplication } from '@agentora/data';
import { insertNewsletterSubscription, isRateLimitError } from '@agentora/data/backend-internals';
import { connectTestBackend, uniqueEmail } from './test-support/test-backend';

// Against the server that keeps the production limits (test-support/global-setup.ts). Every request of this
// file comes from 127.0.0.1, so the tests use each limit once.
connectTestBackend({ rateLimits: 'production' });

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

it('the 11th rapid newsletter sign-up is refused as a rate limit error (PT429, HTTP 429)', async () => {
  for (let i = 0; i < 10; i += 1) await insertNewsletterSubscription(uniqueEmail());
  const error = await caught(insertNewsletterSubscription(uniqueEmail()));
  expect(error).toMatchObject({ name: 'BackendError', code: 'PT429', status: 429 });
  expect(isRateLimitError(error)).toBe(true);
});

it('signUp answers rate_limited for the 11th rapid early-access sign-up', async () => {
  for (let i = 0; i < 10; i += 1) {
    await expect(signUp('early_access', { email: uniqueEmail() })).resolves.toMatchObject({
      ok: true,
    });
  }
  await expect(signUp('early_access', { email: uniqueEmail() })).resolves.toEqual({
    ok: false,
    reason: 'rate_limited',
  });
});

it('the 6th application in an hour is refused as rate_limited', async () => {
  const application = () => ({
    ...EMPTY_APPLICATION,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('ada'),
    whyJoin: 'Agents.',
  });
  for (let i = 0; i < 5; i += 1) {
    await expect(submitApplication(application())).resolves.toMatchObject({ ok: true });
  }
  await expect(submitApplication(application())).resolves.toEqual({
    ok: false,
    reason: 'rate_limited',
  });
});
