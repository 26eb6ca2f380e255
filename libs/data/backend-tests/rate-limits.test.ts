import { TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import { EMPTY_APPLICATION, signUp, submitApplication } from '@agentora/data';
import { connectTestBackend, uniqueEmail } from './test-support/test-backend';

// Against the server that keeps the production limits (test-support/global-setup.ts). Every request of this
// file comes from 127.0.0.1, so the tests use each limit once.
connectTestBackend({ rateLimits: 'production' });
const TOKEN = TURNSTILE_DUMMY_TOKEN;

it('signUp answers rate_limited for the 11th rapid early-access sign-up', async () => {
  for (let i = 0; i < 10; i += 1) {
    await expect(signUp('early_access', { email: uniqueEmail() }, TOKEN)).resolves.toMatchObject({
      ok: true,
    });
  }
  await expect(signUp('early_access', { email: uniqueEmail() }, TOKEN)).resolves.toEqual({
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
    await expect(submitApplication(application(), undefined, TOKEN)).resolves.toMatchObject({
      ok: true,
    });
  }
  await expect(submitApplication(application(), undefined, TOKEN)).resolves.toEqual({
    ok: false,
    reason: 'rate_limited',
  });
});
