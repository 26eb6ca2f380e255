/** @jest-environment node */
import {
  EMPTY_WAITLIST_VALUES,
  HEAR_ABOUT_OPTIONS,
  COMPANY_SIZE_OPTIONS,
  type WaitlistFormValues,
} from './waitlist-fields';
import { validateWaitlist } from './validate-waitlist';

const complete: WaitlistFormValues = {
  ...EMPTY_WAITLIST_VALUES,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  company: 'Analytical Engines',
};

describe('validateWaitlist', () => {
  it('starts every field empty', () => {
    expect(Object.values(EMPTY_WAITLIST_VALUES).every((value) => value === '')).toBe(true);
    expect(Object.keys(EMPTY_WAITLIST_VALUES)).toEqual([
      'firstName',
      'lastName',
      'email',
      'company',
      'role',
      'companySize',
      'useCase',
      'hearAbout',
    ]);
  });

  it('accepts the four required fields alone and returns every value trimmed', () => {
    const result = validateWaitlist({
      ...complete,
      firstName: '  Ada ',
      role: ' CTO ',
      useCase: '\nagents\n',
    });
    expect(result).toEqual({ ok: true, values: { ...complete, role: 'CTO', useCase: 'agents' } });
  });

  it.each(['firstName', 'lastName', 'email', 'company'] as const)(
    'refuses an empty or blank %s with the required-fields message',
    (name) => {
      for (const blank of ['', '   ']) {
        const result = validateWaitlist({ ...complete, [name]: blank });
        expect(result).toEqual({
          ok: false,
          message: 'Please fill in all required fields',
          fieldErrors: { [name]: 'This field is required' },
          invalidFields: [name],
        });
      }
    },
  );

  it("refuses an email without '@' with the invalid-email message", () => {
    expect(validateWaitlist({ ...complete, email: 'ada.example.com' })).toEqual({
      ok: false,
      message: 'Please enter a valid email address',
      fieldErrors: { email: 'Please enter a valid email address' },
      invalidFields: ['email'],
    });
  });

  it('refuses what an email input itself would refuse', () => {
    expect(validateWaitlist({ ...complete, email: 'ada@' })).toMatchObject({
      ok: false,
      message: 'Please enter a valid email address',
    });
  });

  it('puts missing fields first in the banner and lists every invalid field in form order', () => {
    const result = validateWaitlist({ ...complete, company: '', email: 'nope', firstName: '' });
    expect(result).toEqual({
      ok: false,
      message: 'Please fill in all required fields',
      fieldErrors: {
        firstName: 'This field is required',
        email: 'Please enter a valid email address',
        company: 'This field is required',
      },
      invalidFields: ['firstName', 'email', 'company'],
    });
  });

  it('offers exactly the documented option lists', () => {
    expect(COMPANY_SIZE_OPTIONS.map((option) => option.value)).toEqual([
      '1-10',
      '11-50',
      '51-200',
      '201-1000',
      '1000+',
    ]);
    expect(HEAR_ABOUT_OPTIONS).toEqual([
      { value: 'search', label: 'Google Search' },
      { value: 'social', label: 'Social Media' },
      { value: 'referral', label: 'Friend/Colleague' },
      { value: 'blog', label: 'Blog/Article' },
      { value: 'event', label: 'Conference/Event' },
      { value: 'other', label: 'Other' },
    ]);
  });
});
