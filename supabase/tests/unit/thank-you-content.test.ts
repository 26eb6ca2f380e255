import { renderThankYouEmail as renderWithLinks } from '../../functions/_shared/thank-you/content.ts';
import type { MailList } from '../../functions/_shared/rules/mail-lists.ts';

const LINKS = {
  siteUrl: 'https://agentora.ai',
  confirm: 'https://agentora.ai/email/confirm?token=confirm-token',
  unsubscribe: 'https://agentora.ai/email/unsubscribe?token=unsubscribe-token',
  privacy: 'https://agentora.ai/privacy/erase',
};

/** As send-thank-you.ts renders it: lists ask for confirmation, applications do not. */
const renderThankYouEmail = (type: MailList) =>
  renderWithLinks(type, {
    ...LINKS,
    confirm: type === 'career' ? undefined : LINKS.confirm,
  });

describe('thank-you email content: our words only', () => {
  it.each(['early_access', 'newsletter', 'waitlist', 'career'] as const)(
    '%s is branded in HTML and text',
    (type) => {
      const email = renderThankYouEmail(type);
      expect(email.subject).toContain('Agentora');
      for (const body of [email.html, email.text]) {
        expect(body).toContain('Hi there,');
        expect(body).toContain('https://agentora.ai');
        expect(body).toContain('hello@agentora.ai');
      }
      expect(email.html).toMatch(/^<!doctype html>/);
      expect(email.text).not.toContain('<');
    },
  );

  it('early access lists the benefits and the launch year', () => {
    const { text } = renderThankYouEmail('early_access');
    expect(text).toContain('first 1000 users');
    expect(text).toContain('50% off your first year');
    expect(text).toContain('2026');
  });

  it('waitlist and career thank the sign-up without repeating what it said', () => {
    expect(renderThankYouEmail('waitlist').text).toContain(
      "Thanks for joining Agentora's waitlist.",
    );
    const career = renderThankYouEmail('career').text;
    expect(career).toContain('Thank you for applying to Agentora.');
    expect(career).toContain('5 business days');
  });
});
