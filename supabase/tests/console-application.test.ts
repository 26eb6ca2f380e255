import { type TestServer } from '@agentora/local-supabase/testing';
import {
  auditLines,
  startConsoleServer,
  storeApplication,
  type SignedInMember,
} from './test-support/console.ts';

// The console's data through the real server (on PostgreSQL, test-postgres): one application as
// staff open it, and its workflow (status changes, notes, the history)
// (supabase/schemas/console-lists.sql, and staff.sql for who is staff); how the sessions are made:
// test-support/console.ts, startConsoleServer.

let t: TestServer;
let staff: SignedInMember;
let outsider: SignedInMember;
beforeAll(async () => ({ t, staff, outsider } = await startConsoleServer()));
afterAll(() => t.stop());

describe('one application', () => {
  it('comes with every field and its history, and each read is logged', async () => {
    const { id, email } = await storeApplication(t, { phone: '+44 20 7946 0000' });
    const { data, error } = await staff.client.rpc('console_application', { p_id: id });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      id,
      email,
      first_name: 'Ada',
      phone: '+44 20 7946 0000',
      why_join: 'To build it.',
      status: 'pending',
      resume_path: null,
      history: [],
    });
    const { data: stored } = await t.service
      .from('general_applications')
      .select('*')
      .eq('id', id)
      .single();
    expect(Object.keys(data).sort()).toEqual([...Object.keys(stored), 'history'].sort());
    expect(await auditLines(t, { subject_id: id })).toEqual([
      {
        id: expect.any(Number),
        at: expect.any(String),
        actor: staff.email,
        action: 'read_application',
        subject_kind: 'application',
        subject_id: id,
        subject_mailbox: email,
        detail: {},
      },
    ]);
  });

  it('is null when there is none, and nothing is logged', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await staff.client.rpc('console_application', { p_id: missing })).data).toBeNull();
    expect(await auditLines(t, { subject_id: missing })).toEqual([]);
  });

  it('says where a résumé is, to staff only, and logs it; staff read it through console-resume', async () => {
    const { id, email, resumePath } = await storeApplication(t, {}, { resume: true });
    const { data, error } = await staff.client.rpc('console_open_resume', { p_id: id });
    expect(error).toBeNull();
    expect(data).toEqual({ path: resumePath, filename: 'Ada CV.pdf' });
    expect(await auditLines(t, { subject_id: id })).toEqual([
      expect.objectContaining({
        actor: staff.email,
        action: 'open_resume',
        subject_mailbox: email,
        detail: {},
      }),
    ]);
    expect((await outsider.client.rpc('console_open_resume', { p_id: id })).error?.code).toBe(
      '42501',
    );

    // The path opens nothing by itself: no session signs, downloads, lists, writes or removes
    // (console-resume.test.ts has the download itself).
    for (const client of [staff.client, outsider.client, t.anon]) {
      const bucket = client.storage.from('applications');
      expect((await bucket.createSignedUrl(resumePath as string, 60)).data).toBeNull();
      expect((await bucket.download(resumePath as string)).data).toBeNull();
      expect((await bucket.list('resumes')).data ?? []).toEqual([]);
    }
    const overwrite = await staff.client.storage
      .from('applications')
      .upload(resumePath as string, new Uint8Array([37, 80, 68, 70, 45]), { upsert: true });
    expect(overwrite.error).not.toBeNull();
    const removal = await staff.client.storage.from('applications').remove([resumePath as string]);
    expect(removal.data ?? []).toEqual([]);
    expect(
      (await t.service.storage.from('applications').download(resumePath as string)).error,
    ).toBeNull();
  });

  it('has no résumé to open when none was sent', async () => {
    const { id } = await storeApplication(t);
    expect((await staff.client.rpc('console_open_resume', { p_id: id })).data).toBeNull();
    expect(await auditLines(t, { subject_id: id })).toEqual([]);
  });
});

describe('the application workflow', () => {
  const change = (id: string, status: string | null, note: string | null = null) =>
    staff.client.rpc('console_change_application_status', {
      p_id: id,
      p_status: status,
      p_note: note,
    });
  const notAllowed = { code: '22023', message: 'That status change is not allowed' };

  it('goes pending → reviewing → interviewing → offer, keeping each step, and offer is final', async () => {
    const { id, email } = await storeApplication(t);
    const first = await change(id, 'reviewing', '  Strong portfolio.  ');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({
      id,
      status: 'reviewing',
      history: [
        {
          id: expect.any(Number),
          from_status: 'pending',
          to_status: 'reviewing',
          note: '  Strong portfolio.  ',
          changed_by: staff.email,
          changed_at: expect.any(String),
        },
      ],
    });
    expect((await change(id, 'interviewing')).error).toBeNull();
    const offer = await change(id, 'offer', 'Offer sent.');
    expect(offer.data.status).toBe('offer');
    expect(
      offer.data.history.map((step: { from_status: string; to_status: string }) => [
        step.from_status,
        step.to_status,
      ]),
    ).toEqual([
      ['pending', 'reviewing'],
      ['reviewing', 'interviewing'],
      ['interviewing', 'offer'],
    ]);
    for (const next of ['rejected', 'withdrawn', 'interviewing', 'pending', 'offer']) {
      expect((await change(id, next)).error).toMatchObject(notAllowed);
    }
    expect(
      (await auditLines(t, { subject_id: id, action: 'change_status' })).map((line) => [
        line.actor,
        line.subject_mailbox,
        line.detail,
      ]),
    ).toEqual([
      [staff.email, email, { from: 'pending', to: 'reviewing', note: '  Strong portfolio.  ' }],
      [staff.email, email, { from: 'reviewing', to: 'interviewing' }],
      [staff.email, email, { from: 'interviewing', to: 'offer', note: 'Offer sent.' }],
    ]);
  });

  it('allows rejected and withdrawn from any status that is not final, and nothing after them', async () => {
    for (const [path, end] of [
      [[], 'rejected'],
      [['reviewing'], 'withdrawn'],
      [['reviewing', 'interviewing'], 'rejected'],
      [[], 'withdrawn'],
    ] as const) {
      const { id } = await storeApplication(t);
      for (const step of path) expect((await change(id, step)).error).toBeNull();
      expect((await change(id, end)).data.status).toBe(end);
      for (const next of ['pending', 'reviewing', 'rejected', 'withdrawn', 'offer']) {
        expect((await change(id, next)).error).toMatchObject(notAllowed);
      }
    }
  });

  it('refuses skipping, going back, staying, and statuses that do not exist', async () => {
    const { id } = await storeApplication(t);
    for (const next of ['interviewing', 'offer', 'pending', 'hired', 'Reviewing', '', null]) {
      expect([next, (await change(id, next)).error]).toEqual([
        next,
        expect.objectContaining(notAllowed),
      ]);
    }
    await change(id, 'reviewing');
    for (const next of ['pending', 'reviewing', 'offer']) {
      expect((await change(id, next)).error).toMatchObject(notAllowed);
    }
    expect(await auditLines(t, { subject_id: id, action: 'change_status' })).toHaveLength(1);
  });

  it('takes a note of at most 2000 characters, and a blank one as none', async () => {
    const { id } = await storeApplication(t);
    expect((await change(id, 'reviewing', 'x'.repeat(2001))).error).toMatchObject({
      code: '22023',
      message: 'The note is at most 2000 characters',
    });
    const blank = await change(id, 'reviewing', ' \u00a0\u200b ');
    expect(blank.data.history[0].note).toBeNull();
    const full = await change(id, 'interviewing', 'x'.repeat(2000));
    expect(full.data.history[1].note).toHaveLength(2000);
  });

  it('answers 404 for an application that does not exist', async () => {
    const { status, error } = await change('00000000-0000-4000-8000-000000000002', 'reviewing');
    expect([status, error?.code, error?.message]).toEqual([404, 'PT404', 'No such application']);
  });

  it("turned the old 'hired' into 'offer', and the table takes only the workflow's statuses", async () => {
    const { id } = await storeApplication(t);
    for (const status of ['hired', 'accepted']) {
      const { error } = await t.service
        .from('general_applications')
        .update({ status })
        .eq('id', id);
      expect(error?.code).toBe('23514');
    }
    for (const status of ['offer', 'withdrawn']) {
      const { error } = await t.service
        .from('general_applications')
        .update({ status })
        .eq('id', id);
      expect(error).toBeNull();
    }
  });
});
