import { docxBytes, pdfBytes, pngBytes } from '@agentora/local-supabase';
import { EMPTY_APPLICATION, submitApplication, type ApplicationFields } from '@agentora/data';
import { ATTRIBUTION_KEY } from '@agentora/data/backend-internals';
import {
  BOT_CHECK_FORM_FIELD,
  BOT_CHECK_TOKEN,
  connectTestBackend,
  pointAtUnreachableBackend,
  uniqueEmail,
} from './test-support/test-backend';

const backend = connectTestBackend();

const PDF = 'application/pdf';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const application = (overrides: Partial<ApplicationFields> = {}): ApplicationFields => ({
  ...EMPTY_APPLICATION,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: uniqueEmail('ada'),
  whyJoin: 'I want to build the agent marketplace.',
  ...overrides,
});

const file = (bytes: Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

async function storedApplication(email: string) {
  const { data, error } = await backend.service
    .from('general_applications')
    .select('*')
    .eq('email', email)
    .maybeSingle();
  if (error) throw error;
  return data as Record<string, unknown> | null;
}

describe('submitApplication', () => {
  it('stores every field, the résumé privately, status pending, and reports the confirmation mail', async () => {
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
      coverLetter: 'Dear team,\nthank you.',
      hearAboutUs: 'job-board',
    });
    const resume = pdfBytes(3000);
    await expect(
      submitApplication(fields, file(resume, 'Ada CV.pdf', PDF), BOT_CHECK_TOKEN),
    ).resolves.toEqual({
      ok: true,
      emailSent: true,
    });
    const row = await storedApplication(fields.email);
    expect(row).toMatchObject({
      first_name: 'Ada',
      phone: '+44 20 7946 0000',
      linkedin_url: 'https://www.linkedin.com/in/ada',
      current_role: 'Analyst',
      current_company: 'Babbage & Co',
      experience_years: '10+',
      availability: '2-weeks',
      work_preference: 'hybrid',
      cover_letter: 'Dear team,\nthank you.',
      hear_about_us: 'job-board',
      resume_filename: 'Ada CV.pdf',
      resume_path: expect.stringMatching(/^resumes\/\d{13}-[0-9a-f]{32}\.pdf$/),
      status: 'pending',
    });
    const { data } = await backend.service.storage
      .from('applications')
      .download(row?.resume_path as string);
    expect(new Uint8Array(await (data as Blob).arrayBuffer())).toEqual(new Uint8Array(resume));
  });

  it('works without a résumé, blanks stored as NULL', async () => {
    const fields = application();
    await expect(submitApplication(fields, undefined, BOT_CHECK_TOKEN)).resolves.toMatchObject({
      ok: true,
    });
    expect(await storedApplication(fields.email)).toMatchObject({
      resume_path: null,
      resume_filename: null,
      phone: null,
      cover_letter: null,
    });
  });

  it.each([
    ['a PNG declared as a PDF', file(pngBytes(), 'cv.pdf', PDF), 'resume_type'],
    ['a DOCX declared as a PDF', file(docxBytes(), 'cv.docx', PDF), 'resume_type'],
    ['5 MB and a byte', file(pdfBytes(5 * 1024 * 1024 + 1), 'cv.pdf', PDF), 'resume_too_large'],
    // Refused by the server before the function reads it.
    ['12 MB', file(pdfBytes(12 * 1024 * 1024), 'cv.pdf', PDF), 'resume_too_large'],
  ])('refuses %s as %s, storing nothing', async (_label, resume, reason) => {
    const fields = application();
    await expect(submitApplication(fields, resume, BOT_CHECK_TOKEN)).resolves.toEqual({
      ok: false,
      reason,
    });
    expect(await storedApplication(fields.email)).toBeNull();
  });

  it('takes a real DOCX', async () => {
    await expect(
      submitApplication(application(), file(docxBytes(), 'cv.docx', DOCX), BOT_CHECK_TOKEN),
    ).resolves.toMatchObject({ ok: true });
  });

  it('reports a second application of the mailbox as a duplicate', async () => {
    const fields = application();
    await submitApplication(fields, undefined, BOT_CHECK_TOKEN);
    await expect(
      submitApplication(
        { ...fields, email: fields.email.toUpperCase() },
        undefined,
        BOT_CHECK_TOKEN,
      ),
    ).resolves.toEqual({ ok: false, reason: 'duplicate' });
  });

  it('reports fields the server refuses as invalid', async () => {
    await expect(
      submitApplication(
        application({ email: 'Ada <ada@example.com>' }),
        undefined,
        BOT_CHECK_TOKEN,
      ),
    ).resolves.toEqual({ ok: false, reason: 'invalid' });
  });

  it('reports an unreachable backend without throwing', async () => {
    pointAtUnreachableBackend(backend);
    try {
      await expect(submitApplication(application(), undefined, BOT_CHECK_TOKEN)).resolves.toEqual({
        ok: false,
        reason: 'unreachable',
      });
    } finally {
      connectTestBackend();
    }
  });
});

describe('submitApplication and the bot check', () => {
  async function resumeCount(): Promise<number> {
    const { data, error } = await backend.service.storage
      .from('applications')
      .list('resumes', { limit: 10_000 });
    if (error) throw error;
    return data.length;
  }

  it('sends the token as the form field a Turnstile widget names, in the one request', async () => {
    const forms: FormData[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      if (init?.body instanceof FormData) forms.push(init.body);
      return realFetch(input, init);
    };
    try {
      await expect(
        submitApplication(application(), undefined, BOT_CHECK_TOKEN),
      ).resolves.toMatchObject({ ok: true });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(forms.map((form) => form.getAll(BOT_CHECK_FORM_FIELD))).toEqual([[BOT_CHECK_TOKEN]]);
  });

  it.each([
    ['a forged token', 'forged.token.from.a.script'],
    ['an empty token', ''],
  ])('refuses %s as bot_check_failed, storing and uploading nothing', async (_name, token) => {
    const before = await resumeCount();
    const fields = application();
    await expect(
      submitApplication(fields, file(pdfBytes(2048), 'cv.pdf', PDF), token),
    ).resolves.toEqual({ ok: false, reason: 'bot_check_failed' });
    expect(await storedApplication(fields.email)).toBeNull();
    expect(await resumeCount()).toBe(before);
  });

  it('answers bot_check_unavailable when siteverify cannot answer, storing nothing', async () => {
    const unverified = connectTestBackend({ siteverify: 'down' });
    try {
      const fields = application();
      await expect(submitApplication(fields, undefined, BOT_CHECK_TOKEN)).resolves.toEqual({
        ok: false,
        reason: 'bot_check_unavailable',
      });
      const { data } = await unverified.service
        .from('general_applications')
        .select('id')
        .eq('email', fields.email);
      expect(data).toEqual([]);
    } finally {
      connectTestBackend();
    }
  });
});

describe("submitApplication, the visit's source", () => {
  afterEach(() => window.sessionStorage.clear());

  it('sends the source the visit recorded, stored with the application, and never a referral code', async () => {
    const source = {
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'hiring-2026',
      referrer_host: 'www.linkedin.com',
      landing_path: '/careers',
    };
    window.sessionStorage.setItem(
      ATTRIBUTION_KEY,
      JSON.stringify({ ...source, referred_by: '0123456789abcdef' }),
    );
    const fields = application();
    await expect(submitApplication(fields, undefined, BOT_CHECK_TOKEN)).resolves.toMatchObject({
      ok: true,
    });
    expect(await storedApplication(fields.email)).toMatchObject(source);
  });

  it('sends no source field of a visit that recorded nothing', async () => {
    const fields = application();
    await expect(submitApplication(fields, undefined, BOT_CHECK_TOKEN)).resolves.toMatchObject({
      ok: true,
    });
    expect(await storedApplication(fields.email)).toMatchObject({
      utm_source: null,
      referrer_host: null,
      landing_path: null,
    });
  });
});
