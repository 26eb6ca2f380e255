import { INVALID_EMAIL_MESSAGE } from './email';
import { isSubmittableEmail, submittableEmailError } from './email-syntax';

describe('submittable email', () => {
  it.each([
    ['', false],
    ['   ', false],
    ['jane.example.com', false],
    ['jane@', false],
    ['@example.com', false],
    ['jane doe@example.com', false],
    ['jane@exa mple.com', false],
    ['jane@example.com', true],
    ['  Jane.Doe+ai@Example.co.uk ', true],
    [`${'a'.repeat(250)}@b.co`, false],
  ])('isSubmittableEmail(%j) is %s', (value, expected) => {
    expect(isSubmittableEmail(value)).toBe(expected);
  });

  it('gives the documented message for anything it refuses', () => {
    expect(submittableEmailError('jane')).toBe(INVALID_EMAIL_MESSAGE);
    expect(submittableEmailError('jane@')).toBe(INVALID_EMAIL_MESSAGE);
    expect(submittableEmailError('jane@example.com')).toBeUndefined();
  });
});
