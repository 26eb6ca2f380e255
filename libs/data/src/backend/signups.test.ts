import { BackendError, isDuplicateKeyError } from './backend-error';
import { insertGeneralApplication, type ApplicationFields } from './applications';
import {
  insertEarlyAccessSignup,
  insertNewsletterSubscription,
  insertWaitlistSignup,
  type WaitlistFields,
} from './signups';
import { uniqueEmail, connectTestBackend } from './testing/test-backend';

const backend = connectTestBackend();

const waitlist = (overrides: Partial<WaitlistFields> = {}): WaitlistFields => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail(),
  company: 'Analytical Engines',
  role: '',
  companySize: '',
  useCase: '',
  hearAbout: '',
  ...overrides,
});

const application = (overrides: Partial<ApplicationFields> = {}): ApplicationFields => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail(),
  phone: '',
  location: '',
  linkedinUrl: '',
  portfolioUrl: '',
  currentRole: '',
  currentCompany: '',
  experienceYears: '',
  skills: '',
  whyJoin: 'I want to build the agent marketplace.',
  availability: '',
  workPreference: '',
  salaryExpectation: '',
  coverLetter: '',
  hearAboutUs: '',
  ...overrides,
});

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe.each([
  ['early access', insertEarlyAccessSignup, 'early_access_signups'],
  ['newsletter', insertNewsletterSubscription, 'newsletter_subscriptions'],
] as const)('%s sign-up', (_label, insert, table) => {
  it('inserts the email', async () => {
    const email = uniqueEmail('jane.doe');
    await expect(insert(email)).resolves.toBeUndefined();
    const { data } = await backend.service.from(table).select('email').eq('email', email);
    expect(data).toEqual([{ email }]);
  });

  it('reports the same address in another letter case as a duplicate (23505)', async () => {
    const email = uniqueEmail();
    await insert(email);
    const error = await caught(insert(email.toUpperCase()));
    expect(error).toBeInstanceOf(BackendError);
    expect(error).toMatchObject({ code: '23505', status: 409 });
    expect(isDuplicateKeyError(error)).toBe(true);
  });

  it('reports a malformed address as a non-duplicate failure', async () => {
    const error = await caught(insert('no-at-sign'));
    expect(error).toMatchObject({ name: 'BackendError', code: '23514', status: 400 });
    expect(isDuplicateKeyError(error)).toBe(false);
  });
});

describe('waitlist sign-up', () => {
  it('maps the form fields to snake_case columns and stores blank options as NULL', async () => {
    const fields = waitlist({ role: '  ', useCase: 'Automate reporting', companySize: '51-200' });
    await insertWaitlistSignup(fields);
    const { data } = await backend.service
      .from('waitlist_signups')
      .select('first_name, last_name, email, company, role, company_size, use_case, hear_about')
      .eq('email', fields.email);
    expect(data).toEqual([
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: fields.email,
        company: 'Analytical Engines',
        role: null,
        company_size: '51-200',
        use_case: 'Automate reporting',
        hear_about: null,
      },
    ]);
  });

  it('refuses an option outside the allowed list', async () => {
    await expect(insertWaitlistSignup(waitlist({ hearAbout: 'tv' }))).rejects.toMatchObject({
      code: '23514',
    });
  });

  it('reports a duplicate with 23505', async () => {
    const fields = waitlist();
    await insertWaitlistSignup(fields);
    expect(
      isDuplicateKeyError(
        await caught(insertWaitlistSignup({ ...fields, email: fields.email.toUpperCase() })),
      ),
    ).toBe(true);
  });
});

describe('general application', () => {
  it('stores every field, the resume and status pending', async () => {
    const fields = application({
      phone: '+44 20 7946 0000',
      location: 'London',
      linkedinUrl: 'https://www.linkedin.com/in/ada',
      portfolioUrl: 'https://ada.dev',
      currentRole: 'Analyst',
      currentCompany: 'Babbage & Co',
      experienceYears: '10+',
      skills: 'Mathematics, poetry',
      availability: '2-weeks',
      workPreference: 'hybrid',
      salaryExpectation: '£100k',
      coverLetter: 'Dear team,',
      hearAboutUs: 'job-board',
    });
    await insertGeneralApplication(fields, {
      url: `${backend.url}/storage/v1/object/public/applications/resumes/1-x.pdf`,
      filename: 'cv.pdf',
    });
    const { data } = await backend.service
      .from('general_applications')
      .select('*')
      .eq('email', fields.email)
      .single();
    expect(data).toMatchObject({
      first_name: 'Ada',
      phone: '+44 20 7946 0000',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      current_role: 'Analyst',
      current_company: 'Babbage & Co',
      experience_years: '10+',
      why_join: fields.whyJoin,
      availability: '2-weeks',
      work_preference: 'hybrid',
      hear_about_us: 'job-board',
      resume_filename: 'cv.pdf',
      status: 'pending',
      thank_you_sent_at: null,
    });
  });

  it('works without a resume, blanks stored as NULL', async () => {
    const fields = application();
    await insertGeneralApplication(fields);
    const { data } = await backend.service
      .from('general_applications')
      .select('resume_url, resume_filename, phone, cover_letter')
      .eq('email', fields.email)
      .single();
    expect(data).toEqual({
      resume_url: null,
      resume_filename: null,
      phone: null,
      cover_letter: null,
    });
  });

  it('refuses a non-http URL and reports a duplicate with 23505', async () => {
    await expect(
      insertGeneralApplication(application({ portfolioUrl: 'javascript:alert(1)' })),
    ).rejects.toMatchObject({ code: '23514' });
    const fields = application();
    await insertGeneralApplication(fields);
    expect(isDuplicateKeyError(await caught(insertGeneralApplication(fields)))).toBe(true);
  });
});
