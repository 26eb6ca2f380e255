import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import {
  docBytes,
  docxBytes,
  fetchFromAddress,
  pdfBytes,
  pngBytes,
  zipBytes,
} from '@agentora/local-supabase/testing';
import { mailsTo } from './test-support/consent.ts';
import {
  clientFor,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '@agentora/local-supabase/testing';
import {
  BOT_CHECK_FORM_FIELD,
  TURNSTILE_DUMMY_TOKEN,
} from '../functions/_shared/rules/bot-check.ts';

// submit-application through the real server: the handler module Deno serves, uploading to the private
// bucket and inserting with the service role, called the way the careers form calls it.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const FIVE_MB = 5 * 1024 * 1024;

interface Answer {
  status: number;
  body: { success: boolean; emailSent?: boolean; error?: string; fields?: string[] };
}

function applicationForm(
  fields: Record<string, string> = {},
  resume?: { bytes: Buffer; name: string; type: string },
): FormData {
  const form = new FormData();
  const values = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: uniqueEmail('ada'),
    why_join: 'I want to build the agent economy.',
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  form.append(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
  if (resume)
    form.append(
      'resume',
      new File([new Uint8Array(resume.bytes)], resume.name, { type: resume.type }),
    );
  return form;
}

async function submit(form: FormData, client: SupabaseClient = t.anon): Promise<Answer> {
  const { data, error } = await client.functions.invoke('submit-application', { body: form });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: await response.json() };
  }
  if (error) throw error;
  return { status: 200, body: data };
}

async function applicationsFor(email: string) {
  const { data, error } = await t.service
    .from('general_applications')
    .select('*')
    .ilike('email', email);
  if (error) throw error;
  return data as Record<string, unknown>[];
}

async function objectCount(): Promise<number> {
  const { data, error } = await t.service.storage
    .from('applications')
    .list('resumes', { limit: 1000 });
  if (error) throw error;
  return data.length;
}

const mailTo = (to: string) => mailsTo(t, to);

describe('a valid application', () => {
  it('with a PDF: the row is pending, the file is private under its path, the mail is from the row', async () => {
    const email = uniqueEmail('ada');
    const resume = pdfBytes(64 * 1024);
    const answer = await submit(
      applicationForm(
        {
          email,
          current_role: 'Staff Engineer',
          current_company: 'Analytical Engines',
          experience_years: '10+',
          linkedin_url: 'https://www.linkedin.com/in/ada',
          cover_letter: 'Dear team,\nhello.',
          hear_about_us: 'referral',
          phone: '   ',
        },
        { bytes: resume, name: 'Ada Lovelace CV.PDF', type: PDF },
      ),
    );
    expect(answer).toEqual({ status: 200, body: { success: true, emailSent: true } });

    const [row] = await applicationsFor(email);
    expect(row).toMatchObject({
      first_name: 'Ada',
      email,
      current_role: 'Staff Engineer',
      experience_years: '10+',
      cover_letter: 'Dear team,\nhello.',
      phone: null,
      status: 'pending',
      resume_filename: 'Ada Lovelace CV.PDF',
      resume_path: expect.stringMatching(/^resumes\/\d{13}-[0-9a-f]{32}\.pdf$/),
    });
    expect(row).not.toHaveProperty('resume_url');

    const bucket = t.anon.storage.from('applications');
    const path = row.resume_path as string;
    expect((await fetch(bucket.getPublicUrl(path).data.publicUrl)).status).toBe(400);
    expect((await bucket.download(path)).error).not.toBeNull();
    const { data } = await t.service.storage.from('applications').createSignedUrl(path, 60);
    const served = await fetch(data?.signedUrl as string);
    expect(served.headers.get('content-type')).toBe(PDF);
    expect(Buffer.from(await served.arrayBuffer()).equals(resume)).toBe(true);

    const [mail] = await mailTo(email);
    expect(mail.subject).toBe('We received your application to Agentora');
    // To an address nobody confirmed: our words only, not the role the applicant typed.
    expect(mail.text).toContain('Hi there,');
    expect(mail.text).toContain('Thank you for applying to Agentora.');
    expect(mail.text).not.toContain('Staff Engineer');
  });

  it.each([
    ['cv.doc', DOC, docBytes()],
    ['cv.docx', DOCX, docxBytes()],
    ['CV.DOCX', DOCX, docxBytes()],
  ])('accepts %s (%s) with bytes of its type', async (name, type, bytes) => {
    const email = uniqueEmail();
    expect((await submit(applicationForm({ email }, { bytes, name, type }))).status).toBe(200);
    const [row] = await applicationsFor(email);
    expect(row.resume_path).toMatch(new RegExp(`\\.${name.split('.')[1].toLowerCase()}$`));
  });

  it('accepts exactly 5 MB, and no résumé at all', async () => {
    expect(
      (await submit(applicationForm({}, { bytes: pdfBytes(FIVE_MB), name: 'big.pdf', type: PDF })))
        .status,
    ).toBe(200);
    const email = uniqueEmail();
    expect((await submit(applicationForm({ email }))).status).toBe(200);
    expect(await applicationsFor(email)).toEqual([
      expect.objectContaining({ resume_path: null, resume_filename: null }),
    ]);
  });

  it('keeps only the last segment of a file name with a path, and no control characters', async () => {
    const email = uniqueEmail();
    await submit(
      applicationForm(
        { email },
        { bytes: pdfBytes(), name: 'C:\\Users\\ada\\cv\u0007.pdf', type: PDF },
      ),
    );
    expect((await applicationsFor(email))[0].resume_filename).toBe('cv.pdf');
  });
});

describe('spoofed and unsuitable files are refused before anything is stored', () => {
  const refusals: Array<[string, { bytes: Buffer; name: string; type: string }, number, string]> = [
    [
      'a PNG declared as a PDF',
      { bytes: pngBytes(), name: 'cv.pdf', type: PDF },
      415,
      'resume_type',
    ],
    [
      'HTML named .pdf',
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'cv.pdf', type: PDF },
      415,
      'resume_type',
    ],
    ['an .html name', { bytes: pdfBytes(), name: 'cv.html', type: PDF }, 415, 'resume_type'],
    [
      'a .pdf declared as text/html',
      { bytes: pdfBytes(), name: 'cv.pdf', type: 'text/html' },
      415,
      'resume_type',
    ],
    [
      'a MIME type with a smuggled second type',
      { bytes: pdfBytes(), name: 'cv.pdf', type: 'application/pdf;a=b,text/html' },
      415,
      'resume_type',
    ],
    ['a PDF named .docx', { bytes: pdfBytes(), name: 'cv.docx', type: DOCX }, 415, 'resume_type'],
    [
      'a DOCX declared as a PDF',
      { bytes: docxBytes(), name: 'cv.docx', type: PDF },
      415,
      'resume_type',
    ],
    [
      'a ZIP without word/',
      {
        bytes: zipBytes({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<x/>' }),
        name: 'cv.docx',
        type: DOCX,
      },
      415,
      'resume_type',
    ],
    ['an empty file', { bytes: Buffer.alloc(0), name: 'cv.pdf', type: PDF }, 415, 'resume_type'],
    [
      '5 MB + 1 byte',
      { bytes: pdfBytes(FIVE_MB + 1), name: 'cv.pdf', type: PDF },
      413,
      'resume_too_large',
    ],
  ];

  it.each(refusals)('%s', async (_label, resume, status, error) => {
    const before = await objectCount();
    const email = uniqueEmail();
    const answer = await submit(applicationForm({ email }, resume));
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, error });
    expect(await applicationsFor(email)).toEqual([]);
    expect(await objectCount()).toBe(before);
    expect(await mailTo(email)).toEqual([]);
  });

  it('a body far beyond 5 MB is cut off without being read whole (413)', async () => {
    const before = await objectCount();
    const email = uniqueEmail();
    const answer = await submit(
      applicationForm({ email }, { bytes: pdfBytes(12 * 1024 * 1024), name: 'cv.pdf', type: PDF }),
    );
    // The server's gate or the function itself, whichever reads first.
    expect(answer.status).toBe(413);
    expect(await applicationsFor(email)).toEqual([]);
    expect(await objectCount()).toBe(before);
  });
});

describe('fields', () => {
  it.each([
    ['a missing first name', { first_name: '' }, ['first_name']],
    ['a blank why_join of invisible characters', { why_join: '\u200b\u00a0' }, ['why_join']],
    ['a display-name address', { email: 'Ada <ada@example.com>' }, ['email']],
    ['a javascript: link', { portfolio_url: 'javascript:alert(1)' }, ['portfolio_url']],
    ['an option outside the list', { availability: 'tomorrow' }, ['availability']],
    ['an over-long text', { skills: 'x'.repeat(2001) }, ['skills']],
    ['a field the table does not have', { status: 'offer' }, ['status']],
    ['a column the visitor may not set', { resume_path: 'resumes/1-x.pdf' }, ['resume_path']],
  ])('refuses %s (400, naming the field)', async (_label, fields, named) => {
    const before = await objectCount();
    const answer = await submit(
      applicationForm(fields, { bytes: pdfBytes(), name: 'cv.pdf', type: PDF }),
    );
    expect(answer).toEqual({
      status: 400,
      body: { success: false, error: 'invalid', message: expect.any(String), fields: named },
    });
    expect(await objectCount()).toBe(before);
  });

  it('refuses a body that is not multipart form data, or repeats a field', async () => {
    const json = await t.anon.functions.invoke('submit-application', {
      body: { first_name: 'Ada' },
    });
    expect((json.error as FunctionsHttpError).context.status).toBe(415);
    const twice = applicationForm();
    twice.append('first_name', 'Eve');
    expect((await submit(twice)).status).toBe(400);
  });
});

describe('duplicates and failed inserts', () => {
  it('answers 409 for a second application of the mailbox, and leaves no file behind', async () => {
    const email = uniqueEmail('dup');
    expect((await submit(applicationForm({ email }))).status).toBe(200);
    const before = await objectCount();
    const again = await submit(
      applicationForm(
        { email: email.replace('@', '+again@').toUpperCase() },
        { bytes: pdfBytes(), name: 'cv.pdf', type: PDF },
      ),
    );
    expect(again).toMatchObject({ status: 409, body: { success: false, error: 'duplicate' } });
    expect(await objectCount()).toBe(before);
    expect(await applicationsFor(email)).toHaveLength(1);
  });
});

describe('anon cannot go around the function', () => {
  it('has no INSERT on general_applications, and no write to the bucket', async () => {
    const direct = await t.anon.from('general_applications').insert({
      first_name: 'Eve',
      last_name: 'Mallory',
      email: uniqueEmail('eve'),
      why_join: 'x',
    });
    expect(direct.error).toMatchObject({ code: '42501' });
    const upload = await t.anon.storage
      .from('applications')
      .upload(
        `resumes/${Date.now()}-${'ab'.repeat(16)}.pdf`,
        new File([new Uint8Array(pdfBytes())], 'cv.pdf', { type: PDF }),
      );
    expect(upload.error).toMatchObject({ statusCode: '403' });
  });

  it('needs a bot check the stand-in for siteverify passes: a missing or forged token stores, uploads and mails nothing', async () => {
    const before = await objectCount();
    for (const token of [null, 'forged.token.from.a.script']) {
      const email = uniqueEmail('bot');
      const form = applicationForm({ email }, { bytes: pdfBytes(), name: 'cv.pdf', type: PDF });
      if (token === null) form.delete(BOT_CHECK_FORM_FIELD);
      else form.set(BOT_CHECK_FORM_FIELD, token);
      expect(await submit(form)).toMatchObject({
        status: 403,
        body: { success: false, error: 'bot_check_failed' },
      });
      expect(await applicationsFor(email)).toEqual([]);
      expect(await mailsTo(t, email)).toEqual([]);
    }
    expect(await objectCount()).toBe(before);
  });

  it('needs a key, like every function', async () => {
    const response = await fetch(`${t.server.url}/functions/v1/submit-application`, {
      method: 'POST',
      body: applicationForm(),
    });
    expect(response.status).toBe(401);
    expect((await submit(applicationForm(), clientFor(t.server.url, 'not.a.jwt'))).status).toBe(
      401,
    );
  });
});

describe('the limit per client address', () => {
  let limited: TestServer;
  beforeAll(async () => {
    limited = await startTestServer({ rateLimits: 'production' });
  });
  afterAll(() => limited.stop());

  it('takes 5 applications an hour from one address, refuses the 6th with 429, and another address still applies', async () => {
    const from = (address: string) =>
      clientFor(limited.server.url, limited.server.anonKey, fetchFromAddress(address));
    const one = from('127.0.0.21');
    const submitTo = async (client: SupabaseClient, form: FormData) => {
      const { error } = await client.functions.invoke('submit-application', { body: form });
      return error instanceof FunctionsHttpError ? (error.context as Response).status : 200;
    };
    for (let i = 0; i < 5; i += 1) expect(await submitTo(one, applicationForm())).toBe(200);
    const sixth = applicationForm({}, { bytes: pdfBytes(), name: 'cv.pdf', type: PDF });
    expect(await submitTo(one, sixth)).toBe(429);
    expect(await submitTo(from('127.0.0.22'), applicationForm())).toBe(200);
    const { data } = await limited.service.from('general_applications').select('id');
    expect(data).toHaveLength(6);
    const { data: files } = await limited.service.storage.from('applications').list('resumes');
    expect(files).toEqual([]);
  });
});
