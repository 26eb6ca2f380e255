import { greetingNameFromEmail } from '../functions/_shared/mail/greeting-name.ts';
import { renderThankYouEmail as renderWithLinks } from '../functions/_shared/thank-you/content.ts';
import type { StoredSignup, ThankYouType } from '../functions/_shared/thank-you/stored-signup.ts';

const LINKS = {
  siteUrl: 'https://agentora.ai',
  confirm: 'https://agentora.ai/email/confirm?token=confirm-token',
  unsubscribe: 'https://agentora.ai/email/unsubscribe?token=unsubscribe-token',
  privacy: 'https://agentora.ai/privacy/erase',
};

/** As send-thank-you.ts renders it: lists ask for confirmation, applications do not. */
const renderThankYouEmail = (type: ThankYouType, stored: StoredSignup) =>
  renderWithLinks(type, stored, {
    ...LINKS,
    confirm: type === 'career' ? undefined : LINKS.confirm,
  });

const row = (overrides: Partial<StoredSignup> = {}): StoredSignup => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ada.lovelace@example.com',
  first_name: 'Ada',
  ...overrides,
});

describe('the greeting name of early-access and newsletter emails', () => {
  it.each([
    ['bob@example.com', 'Bob'],
    ['john.doe@example.com', 'John'],
    ['mcKay.smith@example.com', 'McKay'],
    ['anna.maria.smith@example.org', 'Anna'],
    ['bob+news@example.com', 'Bob'],
    ['mary-jane.watson@example.com', 'Mary-jane'],
    ["o'neil@example.ie", "O'neil"],
    ['JANE@EXAMPLE.COM', 'JANE'],
    ['j.doe@example.com', ''],
    ['x@example.com', ''],
    ['bob123@example.com', ''],
    ['1984@example.com', ''],
    ['jane_doe@example.com', ''],
    ['info@example.com', ''],
    ['Support.team@example.com', ''],
    [`${'a'.repeat(41)}@example.com`, ''],
  ])('%s greets %j', (address, name) => {
    expect(greetingNameFromEmail(address)).toBe(name);
  });
});

describe('thank-you email content, rendered from the stored row', () => {
  it.each(['early_access', 'newsletter', 'waitlist', 'career'] as const)(
    '%s is branded in HTML and text',
    (type) => {
      const email = renderThankYouEmail(type, row());
      expect(email.subject).toContain('Agentora');
      for (const body of [email.html, email.text]) {
        expect(body).toContain('Hi Ada,');
        expect(body).toContain('https://agentora.ai');
        expect(body).toContain('hello@agentora.ai');
      }
      expect(email.html).toMatch(/^<!doctype html>/);
      expect(email.text).not.toContain('<');
    },
  );

  it('greets early-access and newsletter sign-ups by their address, or "there"', () => {
    expect(renderThankYouEmail('early_access', row({ email: 'bob@example.com' })).text).toContain(
      'Hi Bob,',
    );
    expect(renderThankYouEmail('newsletter', row({ email: 'b0b@example.com' })).text).toContain(
      'Hi there,',
    );
  });

  it('greets waitlist and career sign-ups by their stored first name, or "there"', () => {
    expect(renderThankYouEmail('waitlist', row({ first_name: 'Grace' })).text).toContain(
      'Hi Grace,',
    );
    expect(renderThankYouEmail('career', row({ first_name: null })).text).toContain('Hi there,');
  });

  it('early access lists the benefits and the launch year', () => {
    const { text } = renderThankYouEmail('early_access', row());
    expect(text).toContain('first 1000 users');
    expect(text).toContain('50% off your first year');
    expect(text).toContain('2026');
  });

  it('waitlist mentions the stored company and use case', () => {
    const email = renderThankYouEmail(
      'waitlist',
      row({ company: 'Analytical Engines', use_case: 'Automate invoices\nand reports' }),
    );
    for (const body of [email.html, email.text]) {
      expect(body).toContain('Analytical Engines');
      expect(body).toContain('Automate invoices');
    }
    expect(email.text).toContain('> and reports');
    expect(renderThankYouEmail('waitlist', row()).text).toContain(
      "Thanks for joining Agentora's waitlist.",
    );
  });

  it('career names the stored current role as the position, or "the position"', () => {
    const email = renderThankYouEmail('career', row({ current_role: 'Staff Engineer' }));
    for (const body of [email.html, email.text]) {
      expect(body).toContain('Staff Engineer');
      expect(body).toContain('5 business days');
    }
    expect(renderThankYouEmail('career', row({ current_role: null })).text).toContain(
      'for the position.',
    );
  });

  it('escapes every stored value in the HTML', () => {
    const hostile = '<script>alert("x")</script> & \'quoted\'';
    const email = renderThankYouEmail(
      'waitlist',
      row({ first_name: hostile, company: hostile, use_case: hostile }),
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;',
    );
    expect(email.text).toContain(hostile);
    const career = renderThankYouEmail(
      'career',
      row({ first_name: hostile, current_role: hostile }),
    );
    expect(career.html).not.toContain('<script>');
  });
});
