/** @jest-environment node */
import { EMAIL_RULE_SAMPLES } from '@agentora/backend-rules/email-address.samples';
import { EMAIL_MAX_LENGTH, INVALID_EMAIL_MESSAGE, emailError, isValidEmail } from './email';

describe('the email rule every form uses', () => {
  it('uses the exact message of the product docs', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address');
  });

  // Samples with spaces around them are the database's business: the forms trim before sending.
  const untrimmed = EMAIL_RULE_SAMPLES.filter(([value]) => value === value.trim());
  it.each(untrimmed)('isValidEmail(%j) is %s, as in the database', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });

  it('forgives spaces around an otherwise plain address, since the trimmed value is sent', () => {
    expect(isValidEmail('  jane@example.com ')).toBe(true);
    expect(isValidEmail('\tjane@example.com\n')).toBe(true);
  });

  it('refuses what is empty or only spaces', () => {
    expect(isValidEmail('')).toBe(false);
    expect(isValidEmail('   ')).toBe(false);
  });

  it('caps the length at 254 characters', () => {
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.io`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isValidEmail(longest)).toBe(true);
    expect(isValidEmail(`a${longest}`)).toBe(false);
  });

  it('returns the message for an invalid email and nothing for a valid one', () => {
    expect(emailError('nope')).toBe(INVALID_EMAIL_MESSAGE);
    expect(emailError('a<victim@example.org>')).toBe(INVALID_EMAIL_MESSAGE);
    expect(emailError('a@b.co')).toBeUndefined();
  });
});
