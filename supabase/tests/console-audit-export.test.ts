import { uniqueEmail, type TestServer } from '@agentora/local-supabase/testing';
import {
  auditLines,
  staffSession,
  startConsoleServer,
  storeApplication,
  type SignedInMember,
} from './test-support/console.ts';

// The console's data through the real server (on PostgreSQL, test-postgres): the audit log, and
// the CSV export functions (supabase/schemas/staff.sql, which also says who is staff); how the sessions
// are made: test-support/console.ts, startConsoleServer.

let t: TestServer;
let staff: SignedInMember;
beforeAll(async () => ({ t, staff } = await startConsoleServer()));
afterAll(() => t.stop());

describe('the audit log', () => {
  let line: Record<string, unknown>;
  beforeAll(async () => {
    const { id } = await storeApplication(t);
    await staff.client.rpc('console_application', { p_id: id });
    [line] = await auditLines(t, { subject_id: id });
  });
  const fresh = {
    actor: 'someone@example.com',
    action: 'export',
    subject_kind: 'newsletter',
    detail: {},
  };

  it('staff read, and cannot add, change or delete a line', async () => {
    const { data } = await staff.client.from('staff_audit_log').select('*').eq('id', line.id);
    expect(data).toEqual([line]);
    expect((await staff.client.from('staff_audit_log').insert(fresh)).error?.code).toBe('42501');
    expect(
      (
        await staff.client
          .from('staff_audit_log')
          .update({ actor: 'x@example.com' })
          .eq('id', line.id)
      ).error?.code,
    ).toBe('42501');
    expect(
      (await staff.client.from('staff_audit_log').delete().eq('id', line.id)).error?.code,
    ).toBe('42501');
    expect(
      (
        await staff.client
          .from('application_status_changes')
          .insert({ application_id: line.subject_id })
      ).error?.code,
    ).toBe('42501');
  });

  it('the service role reads, and cannot add, change or delete a line either', async () => {
    expect((await t.service.from('staff_audit_log').select('id').eq('id', line.id)).data).toEqual([
      { id: line.id },
    ]);
    expect((await t.service.from('staff_audit_log').insert(fresh)).error?.code).toBe('42501');
    expect(
      (await t.service.from('staff_audit_log').update({ detail: {} }).eq('id', line.id)).error
        ?.code,
    ).toBe('42501');
    expect((await t.service.from('staff_audit_log').delete().eq('id', line.id)).error?.code).toBe(
      '42501',
    );
    expect(
      (await t.service.from('application_status_changes').delete().neq('id', 0)).error?.code,
    ).toBe('42501');
    expect(await auditLines(t, { subject_id: line.subject_id as string })).toEqual([line]);
  });
});

describe('the CSV export functions', () => {
  const rowsOf = (exportId: unknown, after: Record<string, unknown> = {}, client = staff.client) =>
    client.rpc('console_export_rows', {
      p_export: exportId,
      p_after_created_at: null,
      p_after_id: null,
      p_limit: null,
      ...after,
    });
  const logExport = async (
    kind: string,
    filter: Record<string, unknown>,
    client = staff.client,
  ) => {
    const { data, error } = await client.rpc('console_log_export', {
      p_kind: kind,
      p_filter: filter,
    });
    expect(error).toBeNull();
    return data as number;
  };

  it("log the export with its filter and answer the line's id", async () => {
    const filter = { search: 'ada', status: 'offer', from: '2025-01-01', to: '2025-01-31' };
    const id = await logExport('applications', filter);
    expect(Number.isSafeInteger(id)).toBe(true);
    const lines = await auditLines(t, { actor: staff.email, action: 'export' });
    expect(lines.at(-1)).toEqual({
      id,
      at: expect.any(String),
      actor: staff.email,
      action: 'export',
      subject_kind: 'application',
      subject_id: null,
      subject_mailbox: null,
      detail: { kind: 'applications', filter },
    });
    for (const [kind, ok] of [
      ['early_access', { search: 'x', from: '2024-02-29', to: '2024-02-29', confirmed: false }],
      ['newsletter', { confirmed: true }],
      ['waitlist', { search: 'x'.repeat(200), confirmed: true, invited: false }],
      ['applications', {}],
    ] as const) {
      expect([kind, (await rowsOf(await logExport(kind, ok))).error]).toEqual([kind, null]);
    }
    expect(
      (await staff.client.rpc('console_log_export', { p_kind: 'waitlist', p_filter: null })).error,
    ).toBeNull();
  });

  it('refuse a list or a filter the export does not have, with 22023, and log nothing', async () => {
    const before = (await auditLines(t, { actor: staff.email, action: 'export' })).length;
    for (const [kind, filter] of [
      ['career', {}],
      [null, {}],
      ['waitlist', []],
      ['waitlist', 7],
      ['waitlist', { search: 'x'.repeat(201) }],
      ['waitlist', { search: 7 }],
      ['waitlist', { search: null }],
      ['waitlist', { sort: 'email' }],
      ['waitlist', { note: 'made up' }],
      ['waitlist', { from: '2025-02-30' }],
      ['waitlist', { from: '2025-1-1' }],
      ['waitlist', { to: '01/02/2025' }],
      ['waitlist', { from: '2025-02-02', to: '2025-02-01' }],
      ['waitlist', { confirmed: 'true' }],
      ['waitlist', { status: 'offer' }],
      ['newsletter', { invited: true }],
      ['early_access', { invited: 'false' }],
      ['applications', { confirmed: true }],
      ['applications', { invited: true }],
      ['applications', { status: 'hired' }],
      ['applications', { status: ['offer'] }],
    ] as const) {
      const { data, error } = await staff.client.rpc('console_log_export', {
        p_kind: kind,
        p_filter: filter,
      });
      expect([kind, filter, error?.code, data]).toEqual([kind, filter, '22023', null]);
    }
    expect(await auditLines(t, { actor: staff.email, action: 'export' })).toHaveLength(before);
  });

  it("page through the rows of the line's list and filter by (created_at, id), whole rows", async () => {
    const tag = `export${Date.now().toString(36)}`;
    const sameMoment = '2022-05-05T05:05:05Z';
    for (let i = 0; i < 7; i += 1) {
      await t.service.from('newsletter_subscriptions').insert({
        email: `n${i}.${tag}@example.com`,
        created_at: i < 4 ? sameMoment : `2022-05-0${i + 1}T00:00:00Z`,
      });
    }
    // The same rows on another list: an export of the newsletter never reads them.
    await t.service.from('early_access_signups').insert({ email: `e.${tag}@example.com` });
    const id = await logExport('newsletter', { search: tag });
    const pages: Array<Array<Record<string, string>>> = [];
    let after: { p_after_created_at: string | null; p_after_id: string | null } = {
      p_after_created_at: null,
      p_after_id: null,
    };
    for (;;) {
      const { data, error } = await rowsOf(id, { ...after, p_limit: 3 });
      expect(error).toBeNull();
      if (data.length === 0) break;
      pages.push(data);
      const last = data[data.length - 1];
      after = { p_after_created_at: last.created_at, p_after_id: last.id };
    }
    expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
    const rows = pages.flat();
    expect(new Set(rows.map((row) => row.id)).size).toBe(7);
    expect(rows.every((row) => row.email.startsWith('n'))).toBe(true);
    const order = rows.map((row) => [Date.parse(row.created_at), row.id]);
    expect(order).toEqual(
      [...order].sort((a, b) =>
        a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : Number(a[0]) - Number(b[0]),
      ),
    );
    expect(Object.keys(rows[0]).sort()).toEqual(
      [
        'confirmed_at',
        'created_at',
        'email',
        'id',
        'legacy_duplicate_mailbox',
        'thank_you_sent_at',
        // Where the sign-up came from (supabase/schemas/signups.sql), and the source label the console
        // groups by (private.source_label, visits.sql).
        'utm_source',
        'utm_medium',
        'utm_campaign',
        'referrer_host',
        'landing_path',
        'source',
      ].sort(),
    );
  });

  it('export applications by status, and refuse a half cursor or a page over 1000', async () => {
    const tag = `exportapps${Date.now().toString(36)}`;
    for (const status of ['pending', 'rejected', 'rejected']) {
      await storeApplication(t, { email: `${status}.${uniqueEmail(tag)}`, status });
    }
    const id = await logExport('applications', { search: tag, status: 'rejected' });
    const { data } = await rowsOf(id);
    expect(data.map((row: { status: string }) => row.status)).toEqual(['rejected', 'rejected']);
    expect(data[0]).toHaveProperty('why_join', 'To build it.');
    for (const bad of [{ p_after_id: '00000000-0000-4000-8000-000000000000' }, { p_limit: 1001 }]) {
      expect((await rowsOf(id, bad)).error?.code).toBe('22023');
    }
  });

  it("read rows only through the caller's own export line, written within the hour", async () => {
    const id = await logExport('waitlist', { confirmed: true });
    const colleague = await staffSession(t, 'exporter');
    const theirs = await rowsOf(id, {}, colleague.client);
    expect([theirs.status, theirs.error?.code, theirs.error?.message, theirs.data]).toEqual([
      403,
      '42501',
      'That export was logged by another staff member',
      null,
    ]);
    // A line that is not an export, and one that does not exist.
    const application = await storeApplication(t);
    await staff.client.rpc('console_application', { p_id: application.id });
    const [read] = await auditLines(t, { subject_id: application.id });
    for (const notAnExport of [read.id, 999_999_999, null]) {
      const { error, data } = await rowsOf(notAnExport);
      expect([notAnExport, error?.code, error?.message, data]).toEqual([
        notAnExport,
        '22023',
        'No such export: log it first (console_log_export) and page with its id',
        null,
      ]);
    }
    // An hour-old line: migrations.test.ts, which can write the log's clock.
  });
});
