import { setRuntimeConfig } from '../runtime-config/runtime-config';
import { firstNameFromEmail } from './first-name';
import { insertGeneralApplication } from './applications';
import {
  insertEarlyAccessSignup,
  insertNewsletterSubscription,
  insertWaitlistSignup,
} from './signups';
import { invokeThankYouEmail, sendThankYouEmail } from './thank-you-email';
import { uniqueEmail, connectTestBackend } from './testing/test-backend';

const backend = connectTestBackend();

interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
}

async function outboxFor(to: string): Promise<OutboxMessage[]> {
  const messages = (await (await fetch(`${backend.url}/outbox.json`)).json()) as OutboxMessage[];
  return messages.filter((message) => message.to === to);
}

describe('invokeThankYouEmail (early access)', () => {
  it('reports success, emailId and type for a fresh sign-up, and the mail is in the outbox', async () => {
    const to = uniqueEmail('jane.doe');
    await insertEarlyAccessSignup(to);
    const result = await invokeThankYouEmail({
      to,
      type: 'early_access',
      firstName: firstNameFromEmail(to),
    });
    expect(result).toEqual({
      success: true,
      emailId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'early_access',
    });
    const [mail] = await outboxFor(to);
    expect(mail).toMatchObject({
      id: result.emailId,
      subject: "You're on the Agentora early access list",
    });
    expect(mail.text).toContain('Hi Jane,');
  });

  it('reports the function refusal as success: false with its reason, without throwing', async () => {
    const to = uniqueEmail();
    await insertEarlyAccessSignup(to);
    await invokeThankYouEmail({ to, type: 'early_access', firstName: 'A' });
    await expect(
      invokeThankYouEmail({ to, type: 'early_access', firstName: 'A' }),
    ).resolves.toEqual({
      success: false,
      error: 'No recent sign-up awaiting a thank-you email was found for this address.',
    });
    await expect(
      invokeThankYouEmail({ to: uniqueEmail('never'), type: 'early_access', firstName: 'A' }),
    ).resolves.toMatchObject({ success: false });
  });
});

describe('sendThankYouEmail (the shared helper)', () => {
  it('is true for newsletter, waitlist and career sign-ups', async () => {
    const subscriber = uniqueEmail();
    await insertNewsletterSubscription(subscriber);
    expect(
      await sendThankYouEmail({
        to: subscriber,
        firstName: firstNameFromEmail(subscriber),
        type: 'newsletter',
      }),
    ).toBe(true);

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
    expect(
      await sendThankYouEmail({
        to: waitlister,
        firstName: 'Ada',
        type: 'waitlist',
        additionalData: { company: 'AE', useCase: 'Reports' },
      }),
    ).toBe(true);
    expect((await outboxFor(waitlister))[0].text).toContain('Reports');

    const applicant = uniqueEmail();
    await insertGeneralApplication({
      firstName: 'Ada',
      lastName: 'L',
      email: applicant,
      phone: '',
      location: '',
      linkedinUrl: '',
      portfolioUrl: '',
      currentRole: '',
      currentCompany: '',
      experienceYears: '',
      skills: '',
      whyJoin: 'Why not',
      availability: '',
      workPreference: '',
      salaryExpectation: '',
      coverLetter: '',
      hearAboutUs: '',
    });
    expect(
      await sendThankYouEmail({
        to: applicant,
        firstName: 'Ada',
        type: 'career',
        additionalData: { position: 'the position', company: 'Agentora' },
      }),
    ).toBe(true);
    expect((await outboxFor(applicant))[0].text).toContain('5 business days');
  });

  it('is false, never throwing, for an address that did not sign up', async () => {
    expect(await sendThankYouEmail({ to: uniqueEmail(), firstName: 'X', type: 'newsletter' })).toBe(
      false,
    );
  });

  it('is false, never throwing, when the backend cannot be reached', async () => {
    setRuntimeConfig({
      remotes: {
        content: 'http://localhost:9/c',
        signups: 'http://localhost:9/s',
        careers: 'http://localhost:9/k',
      },
      supabase: { url: 'http://localhost:9', anonKey: backend.anonKey },
    });
    try {
      expect(
        await sendThankYouEmail({ to: uniqueEmail(), firstName: 'X', type: 'newsletter' }),
      ).toBe(false);
      await expect(
        invokeThankYouEmail({ to: uniqueEmail(), type: 'early_access', firstName: 'X' }),
      ).resolves.toMatchObject({
        success: false,
        error: expect.any(String),
      });
    } finally {
      connectTestBackend();
    }
  });
});
