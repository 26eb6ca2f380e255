/** @jest-environment node */
import { EMPTY_APPLICATION } from './application-values';
import { validateApplication } from './validate-application';

const VALID = {
  ...EMPTY_APPLICATION,
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.com',
  whyJoin: 'Because.',
};

describe('validateApplication', () => {
  it('passes the four required fields alone', () => {
    expect(validateApplication(VALID)).toBeUndefined();
  });

  it('lists every missing required field in form order with the summary message', () => {
    expect(validateApplication(EMPTY_APPLICATION)).toEqual({
      message: 'Please fill in all required fields',
      fieldErrors: {
        firstName: 'This field is required',
        lastName: 'This field is required',
        email: 'This field is required',
        whyJoin: 'This field is required',
      },
      invalidFields: ['firstName', 'lastName', 'email', 'whyJoin'],
    });
  });

  it('counts names of no-break or zero-width spaces as missing, as the database does', () => {
    expect(
      validateApplication({ ...VALID, firstName: '\u00a0\u00a0', lastName: '\u200b\u2060' }),
    ).toMatchObject({
      message: 'Please fill in all required fields',
      invalidFields: ['firstName', 'lastName'],
    });
  });

  it.each(['Jane <jane@example.com>', 'jane@example', 'jane@example.com, eve@example.com'])(
    'refuses %j with the invalid-email message',
    (email) => {
      expect(validateApplication({ ...VALID, email })).toMatchObject({
        message: 'Please enter a valid email address',
        invalidFields: ['email'],
      });
    },
  );

  it('counts whitespace as missing', () => {
    expect(validateApplication({ ...VALID, whyJoin: ' \n ' })?.invalidFields).toEqual(['whyJoin']);
  });

  it.each(['jane.example.com', 'jane@', '@example.com', 'jane doe@example.com'])(
    'refuses the email %j',
    (email) => {
      expect(validateApplication({ ...VALID, email })).toEqual({
        message: 'Please enter a valid email address',
        fieldErrors: { email: 'Please enter a valid email address' },
        invalidFields: ['email'],
      });
    },
  );

  it('keeps the required summary when the email is also malformed', () => {
    const problems = validateApplication({ ...VALID, firstName: '', email: 'nope' });
    expect(problems?.message).toBe('Please fill in all required fields');
    expect(problems?.fieldErrors).toEqual({
      firstName: 'This field is required',
      email: 'Please enter a valid email address',
    });
  });

  it.each(['https://linkedin.com/in/jane', 'http://jane.dev/work?x=1', ' https://jane.dev '])(
    'accepts the link %j',
    (link) => {
      expect(
        validateApplication({ ...VALID, linkedinUrl: link, portfolioUrl: link }),
      ).toBeUndefined();
    },
  );

  it.each(['linkedin.com/in/jane', 'ftp://jane.dev', 'https://', 'javascript:alert(1)'])(
    'refuses the link %j',
    (link) => {
      expect(validateApplication({ ...VALID, portfolioUrl: link })).toEqual({
        message: 'Please enter a full link starting with https://',
        fieldErrors: { portfolioUrl: 'Please enter a full link starting with https://' },
        invalidFields: ['portfolioUrl'],
      });
    },
  );
});
