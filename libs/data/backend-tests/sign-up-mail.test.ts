import {
  insertEarlyAccessSignup,
  insertNewsletterSubscription,
  insertWaitlistSignup,
  invokeThankYouEmail,
} from '@agentora/data/backend-internals';
import { mailTo } from './test-support/outbox';
import {
  connectTestBackend,
  pointAtUnreachableBackend,
  uniqueEmail,
} from './test-support/test-backend';

const backend = connectTestBackend();

const outboxFor = (to: string) => mailTo(backend, to);

describe('invokeThankYouEmail (early access)', () => {
  it('reports success, messageId and type for a fresh sign-up, and the mail greets with our words', async () => {
    const email = uniqueEmail('jane');
    await insertEarlyAccessSignup(email);
    const result = await invokeThankYouEmail({ type: 'early_access', email });
    expect(result).toEqual({
      success: true,
      messageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'early_access',
    });
    const [mail] = await outboxFor(email);
    expect(mail).toMatchObject({
      // Alone, under its own key, or in a batch with others due at the same moment.
      idempotencyKey: expect.stringMatching(
        new RegExp(`^(mail/${result.messageId}|batch/[0-9a-f]{64})$`),
      ),
      subject: "You're on the Agentora early access list",
    });
    expect(mail.text).toContain('Hi there,');
  });

  it('sends only the type and the address', async () => {
    const requests: unknown[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      if (String(input instanceof Request ? input.url : input).includes('/functions/v1/')) {
        requests.push(JSON.parse(String(init?.body)));
      }
      return realFetch(input, init);
    };
    try {
      const email = uniqueEmail();
      await insertNewsletterSubscription(email);
      await invokeThankYouEmail({ type: 'newsletter', email });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(requests).toEqual([{ type: 'newsletter', email: expect.any(String) }]);
  });

  it('reports the function refusal as success: false with its reason, without throwing', async () => {
    const email = uniqueEmail();
    await insertEarlyAccessSignup(email);
    // The insert queued the mail; the call, made twice, answers the same message twice.
    const first = await invokeThankYouEmail({ type: 'early_access', email });
    await expect(invokeThankYouEmail({ type: 'early_access', email })).resolves.toEqual(first);
    await expect(
      invokeThankYouEmail({ type: 'early_access', email: uniqueEmail('never') }),
    ).resolves.toEqual({
      success: false,
      error: 'No recent sign-up awaiting a thank-you email was found for this address.',
    });
  });
});

describe('invokeThankYouEmail: success only when the mail went out', () => {
  it('is true for newsletter and waitlist sign-ups, whose mail repeats nothing the visitor typed', async () => {
    const subscriber = uniqueEmail();
    await insertNewsletterSubscription(subscriber);
    expect((await invokeThankYouEmail({ type: 'newsletter', email: subscriber })).success).toBe(
      true,
    );

    const waitlister = uniqueEmail();
    await insertWaitlistSignup({
      firstName: 'Ada',
      lastName: 'L',
      email: waitlister,
      company: 'AE',
      role: '',
      companySize: '',
      useCase: 'Reports',
      hearAbout: '',
    });
    expect((await invokeThankYouEmail({ type: 'waitlist', email: waitlister })).success).toBe(true);
    const [mail] = await outboxFor(waitlister);
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).not.toMatch(/Ada|Reports/);
  });

  it('is false, never throwing, for an address that did not sign up', async () => {
    expect((await invokeThankYouEmail({ type: 'newsletter', email: uniqueEmail() })).success).toBe(
      false,
    );
  });

  it('is false, never throwing, when the backend cannot be reached', async () => {
    pointAtUnreachableBackend(backend);
    try {
      expect(
        (await invokeThankYouEmail({ type: 'newsletter', email: uniqueEmail() })).success,
      ).toBe(false);
      await expect(
        invokeThankYouEmail({ type: 'early_access', email: uniqueEmail() }),
      ).resolves.toMatchObject({ success: false, error: expect.any(String) });
    } finally {
      connectTestBackend();
    }
  });
});
