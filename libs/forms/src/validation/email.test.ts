import { INVALID_EMAIL_MESSAGE, emailError, isValidEmail } from './email';

describe('email rule', () => {
  it('uses the exact documented message', () => {
    expect(INVALID_EMAIL_MESSAGE).toBe('Please enter a valid email address');
  });

  it.each([
    ['', false],
    ['   ', false],
    ['jane.example.com', false],
    ['jane@example.com', true],
    ['  jane@example.com ', true],
  ])('isValidEmail(%j) is %s', (value, expected) => {
    expect(isValidEmail(value)).toBe(expected);
  });

  it('returns the message for an invalid email and nothing for a valid one', () => {
    expect(emailError('nope')).toBe(INVALID_EMAIL_MESSAGE);
    expect(emailError('a@b.co')).toBeUndefined();
  });
});
