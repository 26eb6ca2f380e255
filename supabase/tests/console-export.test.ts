import { randomBytes } from 'node:crypto';
import { startTestServer, uniqueEmail, type TestServer } from '@agentora/local-supabase/testing';
import type { Session } from '@supabase/supabase-js';
import { accessToken, authSession, claimsOf, staffSession } from './test-support/console.ts';

// console-export through the real server: its index.ts on Deno, called with the publishable key and a
// session, the console's RPCs (supabase/schemas/staff.sql, the export) run as that session, and
// the file read back. The handler's own rules, with fakes, are in console-export-handler.test.ts.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.stop());

/** A staff member signed in as a person does (test-support/console.ts): the address and Auth's own token. */
async function staffToken(): Promise<{ email: string; token: string; session: Session }> {
  const { email, session } = await staffSession(t);
  return { email, token: session.access_token, session };
}

function exportCsv(query: string, token?: string): Promise<Response> {
  return fetch(`${t.server.url}/functions/v1/console-export?${query}`, {
    headers: {
      apikey: t.server.publishableKey,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** The file's rows after the header, each as its cells (none of these rows has a quoted comma). */
async function rowsOf(response: Response): Promise<string[][]> {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .slice(1)
    .map((line) => line.split(','));
}

const tag = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

async function waitlist(rows: Array<Record<string, unknown>>): Promise<void> {
  const { error } = await t.service
    .from('waitlist_signups')
    .insert(rows.map((row) => ({ last_name: 'Tim', company: 'ACME', ...row })));
  expect(error).toBeNull();
}

describe('console-export', () => {
  it('gives staff the matching rows as CSV, a formula neutralised, and logs the export', async () => {
    const label = tag();
    const evil = `${label}.evil@example.com`;
    await waitlist([
      { first_name: '=HYPERLINK("https://evil.example","x")', email: evil },
      { first_name: 'Grace', email: `${label}.grace@example.com` },
      { first_name: 'Other', email: uniqueEmail('someone-else') },
    ]);
    const { email: staff, token } = await staffToken();

    const response = await exportCsv(`kind=waitlist&search=${label}`, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="agentora-waitlist-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(
      await response.clone().arrayBuffer(),
    );
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFid,email,first_name,last_name,company,role,company_size,use_case,hear_about,created_at,confirmed_at,invited_at,source,utm_source,utm_medium,utm_campaign,referrer_host,landing_path',
    );
    expect(text).toContain(`,${evil},"'=HYPERLINK(""https://evil.example"",""x"")",Tim,ACME,`);
    expect(text).not.toContain(',=HYPERLINK');
    const rows = await rowsOf(response);
    expect(rows.map((row) => row[1]).sort()).toEqual([evil, `${label}.grace@example.com`]);

    const { data: log, error } = await t.service
      .from('staff_audit_log')
      .select('actor, action, subject_kind, subject_id, detail')
      .eq('actor', staff);
    expect(error).toBeNull();
    expect(log).toEqual([
      {
        actor: staff,
        action: 'export',
        subject_kind: 'waitlist',
        subject_id: null,
        detail: { kind: 'waitlist', filter: { search: label } },
      },
    ]);
  });

  it("narrows the rows by the list's filters", async () => {
    const label = tag();
    await waitlist([
      { first_name: 'Confirmed', email: `${label}.yes@example.com` },
      { first_name: 'Unconfirmed', email: `${label}.no@example.com` },
    ]);
    const { error } = await t.service
      .from('waitlist_signups')
      .update({ confirmed_at: new Date().toISOString() })
      .eq('email', `${label}.yes@example.com`);
    expect(error).toBeNull();
    const { token } = await staffToken();

    const confirmed = await rowsOf(
      await exportCsv(`kind=waitlist&search=${label}&confirmed=true`, token),
    );
    expect(confirmed.map((row) => row[2])).toEqual(['Confirmed']);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(
      await rowsOf(await exportCsv(`kind=waitlist&search=${label}&from=${tomorrow}`, token)),
    ).toEqual([]);
    expect(await rowsOf(await exportCsv(`kind=newsletter&search=${label}`, token))).toEqual([]);
  });

  it('narrows the rows by source, and gives each row its source and where it landed', async () => {
    const label = tag();
    await waitlist([
      {
        first_name: 'Campaign',
        email: `${label}.campaign@example.com`,
        utm_source: 'launch-post',
        utm_medium: 'social',
        referrer_host: 'x.com',
        landing_path: '/coming-soon',
      },
      { first_name: 'Linked', email: `${label}.linked@example.com`, referrer_host: 'x.com' },
      { first_name: 'Direct', email: `${label}.direct@example.com` },
    ]);
    const { token } = await staffToken();
    const columns = (rows: string[][]) => rows.map((row) => [row[2], ...row.slice(12)]);
    expect(
      columns(
        await rowsOf(await exportCsv(`kind=waitlist&search=${label}&source=launch-post`, token)),
      ),
    ).toEqual([['Campaign', 'launch-post', 'launch-post', 'social', '', 'x.com', '/coming-soon']]);
    expect(
      columns(await rowsOf(await exportCsv(`kind=waitlist&search=${label}&source=X.com`, token))),
    ).toEqual([['Linked', 'x.com', '', '', '', 'x.com', '']]);
    expect(
      columns(await rowsOf(await exportCsv(`kind=waitlist&search=${label}&source=direct`, token))),
    ).toEqual([['Direct', 'direct', '', '', '', '', '']]);
    const refused = await exportCsv(`kind=waitlist&source=${encodeURIComponent('a b')}`, token);
    expect(refused.status).toBe(400);
  });

  it('gives nobody else a row: not signed in, not staff, forged or expired', async () => {
    const label = tag();
    await waitlist([{ first_name: 'Secret', email: `${label}@example.com` }]);
    const stranger = uniqueEmail('not-staff');
    const { email: staff, session } = await staffToken();
    const live = claimsOf(session);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const cases: Array<[string, string | undefined, number]> = [
      ['no session', undefined, 401],
      ['the publishable key as the bearer', t.server.publishableKey, 401],
      ['a session that is not staff', (await authSession(t, stranger)).session.access_token, 403],
      [
        'a staff address signed with another key',
        accessToken(t, staff, live, 'another-secret-that-is-at-least-32-characters-long'),
        401,
      ],
      [
        'an expired staff session',
        accessToken(t, staff, { ...live, iat: hourAgo - 60, exp: hourAgo }),
        401,
      ],
      [
        "staff's live session claimed as an anonymous sign-in",
        accessToken(t, staff, { ...live, is_anonymous: true }),
        403,
      ],
      [
        "staff's live session signed in with a password",
        accessToken(t, staff, { ...live, amr: [{ method: 'password', timestamp: hourAgo }] }),
        403,
      ],
      [
        'a staff address in a session Auth never made, signed with the legacy secret',
        accessToken(t, staff),
        403,
      ],
    ];
    for (const [what, token, status] of cases) {
      const response = await exportCsv(`kind=waitlist&search=${label}`, token);
      const body = await response.text();
      expect([what, response.status, response.headers.get('content-type')]).toEqual([
        what,
        status,
        'application/json',
      ]);
      expect(JSON.parse(body).success).toBe(false);
      expect(body).not.toContain(label);
    }
    const { data: log } = await t.service
      .from('staff_audit_log')
      .select('id')
      .eq('action', 'export')
      .eq('actor', staff);
    expect(log).toEqual([]);
  });

  it("exports applications with their status filter, and without the résumé's storage path", async () => {
    const label = tag();
    const rows = [
      {
        first_name: 'Ada',
        status: 'reviewing',
        resume_path: `resumes/${Date.now()}-${randomBytes(16).toString('hex')}.pdf`,
        resume_filename: 'Ada CV.pdf',
      },
      { first_name: 'Grace', status: 'pending' },
    ].map((fields) => ({
      last_name: 'Lovelace',
      email: `${label}.${String(fields.first_name).toLowerCase()}@example.com`,
      why_join: '+ To build it, "together".',
      ...fields,
    }));
    expect((await t.service.from('general_applications').insert(rows)).error).toBeNull();
    const { token } = await staffToken();

    const response = await exportCsv(`kind=applications&search=${label}&status=reviewing`, token);
    expect(response.status).toBe(200);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    const [header, line, ...rest] = text.split('\r\n');
    expect(header).toBe(
      '\uFEFFid,created_at,status,first_name,last_name,email,phone,location,linkedin_url,portfolio_url,current_role,current_company,experience_years,skills,why_join,availability,work_preference,salary_expectation,cover_letter,hear_about_us,resume_filename,source,utm_source,utm_medium,utm_campaign,referrer_host,landing_path',
    );
    expect(line).toContain(`,reviewing,Ada,Lovelace,${label}.ada@example.com,`);
    expect(line).toContain(`,"'+ To build it, ""together"".",`);
    // No attribution was stored: the source is direct.
    expect(line.endsWith(',Ada CV.pdf,direct,,,,,')).toBe(true);
    expect(rest).toEqual(['']);
    expect(text).not.toContain('resumes/');
  });

  it('exports 5,100 rows, a page of 1,000 at a time, each once', async () => {
    const label = tag();
    const emails = Array.from({ length: 5_100 }, (_, i) => `${label}.${i}@example.com`);
    // 850 rows a statement, each statement's rows with one created_at: pages of 1,000 end in the middle
    // of such a run, where only the id orders the rows.
    for (let start = 0; start < emails.length; start += 850) {
      const { error } = await t.service
        .from('newsletter_subscriptions')
        .insert(emails.slice(start, start + 850).map((email) => ({ email })));
      expect(error).toBeNull();
    }
    const { token } = await staffToken();

    const response = await exportCsv(`kind=newsletter&search=${label}`, token);
    expect(response.status).toBe(200);
    const rows = await rowsOf(response);
    expect(rows).toHaveLength(5_100);
    expect(new Set(rows.map((row) => row[0])).size).toBe(5_100);
    expect(rows.map((row) => row[1]).sort()).toEqual([...emails].sort());
    // In the order they were made, (created_at, id): each run of 850 in id order, the runs in turn.
    const position = new Map(emails.map((email, i) => [email, Math.floor(i / 850)]));
    const runs = rows.map((row) => position.get(row[1])!);
    expect(runs).toEqual([...runs].sort((a, b) => a - b));
    for (let run = 0; run * 850 < emails.length; run += 1) {
      const ids = rows.filter((_, i) => runs[i] === run).map((row) => row[0]);
      expect(ids).toEqual([...ids].sort());
    }
  });
});
