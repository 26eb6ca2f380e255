import { renderThankYouEmail } from '../../../supabase/functions/send-thank-you-email/email-content.ts';
import type { ThankYouRequest } from '../../../supabase/functions/send-thank-you-email/types.ts';

const request = (overrides: Partial<ThankYouRequest>): ThankYouRequest => ({
  to: 'ada@example.com',
  type: 'early_access',
  firstName: 'Ada',
  additionalData: {},
  ...overrides,
});

describe('thank-you email content', () => {
  it.each(['early_access', 'newsletter', 'waitlist', 'career'] as const)(
    '%s is branded in HTML and text',
    (type) => {
      const email = renderThankYouEmail(request({ type }));
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

  it('early access lists the benefits and the launch year', () => {
    const { text } = renderThankYouEmail(request({ type: 'early_access' }));
    expect(text).toContain('first 1000 users');
    expect(text).toContain('50% off your first year');
    expect(text).toContain('2026');
  });

  it('waitlist mentions the company and the use case', () => {
    const email = renderThankYouEmail(
      request({
        type: 'waitlist',
        additionalData: {
          company: 'Analytical Engines',
          useCase: 'Automate invoices\nand reports',
        },
      }),
    );
    for (const body of [email.html, email.text]) {
      expect(body).toContain('Analytical Engines');
      expect(body).toContain('Automate invoices');
    }
    expect(email.text).toContain('> and reports');
  });

  it('career mentions the position and the 5 business days', () => {
    const email = renderThankYouEmail(
      request({
        type: 'career',
        additionalData: { position: 'Staff Engineer', company: 'Agentora' },
      }),
    );
    for (const body of [email.html, email.text]) {
      expect(body).toContain('Staff Engineer');
      expect(body).toContain('5 business days');
    }
    expect(renderThankYouEmail(request({ type: 'career' })).text).toContain('for the position.');
  });

  it('greets "there" when no first name is known', () => {
    expect(renderThankYouEmail(request({ firstName: '' })).text).toContain('Hi there,');
  });

  it('escapes every interpolated value in the HTML', () => {
    const hostile = '<script>alert("x")</script> & \'quoted\'';
    const email = renderThankYouEmail(
      request({
        type: 'waitlist',
        firstName: hostile,
        additionalData: { company: hostile, useCase: hostile },
      }),
    );
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;',
    );
    expect(email.text).toContain(hostile);
    const career = renderThankYouEmail(
      request({ type: 'career', firstName: hostile, additionalData: { position: hostile } }),
    );
    expect(career.html).not.toContain('<script>');
  });
});
