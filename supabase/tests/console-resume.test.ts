import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { pdfBytes, SUPABASE_DIR, type TestServer } from '@agentora/local-supabase/testing';
import {
  accessToken,
  auditLines,
  staffSession,
  startConsoleServer,
  storeApplication,
  type SignedInMember,
} from './test-support/console.ts';

// How staff get a résumé (docs/security.md, "Résumés"), through the real server (on PostgreSQL,
// test-postgres) with the functions on Deno. A signed storage URL is a bearer token that nobody can
// revoke one by one on hosted Supabase, and its lifetime is whatever the signer asks for; so staff sign
// nothing. The function console-resume checks the caller is staff at every download, logs it, and
// answers the bytes; removing someone from the staff list ends their access at their next request.

let t: TestServer;
let staff: SignedInMember;
let outsider: SignedInMember;
beforeAll(async () => ({ t, staff, outsider } = await startConsoleServer()));
afterAll(() => t.stop());

const YEAR_SECONDS = 365 * 24 * 60 * 60;
const run = promisify(execFile);
const STAFF_COMMAND = path.join(SUPABASE_DIR, '..', 'tools', 'staff', 'src', 'main.ts');

/** The console's call: the publishable key, the session as the bearer, the application's id. */
function download(accessToken: string | null, body: unknown): Promise<Response> {
  return fetch(`${t.server.url}/functions/v1/console-resume`, {
    method: 'POST',
    headers: {
      apikey: t.server.publishableKey,
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}

const openings = async (id: string) =>
  (await auditLines(t, { subject_id: id, action: 'open_resume' })).length;

describe('signing a résumé link', () => {
  it('is refused to staff, for a year or for a minute, even right after a logged opening', async () => {
    const { id, resumePath } = await storeApplication(t, {}, { resume: true });
    const path = resumePath as string;
    // The opening the console used to sign after: logged, and still no link.
    const opened = await staff.client.rpc('console_open_resume', { p_id: id });
    expect(opened.error).toBeNull();
    const bucket = staff.client.storage.from('applications');
    for (const seconds of [YEAR_SECONDS, 60, 1]) {
      const signed = await bucket.createSignedUrl(path, seconds, { download: 'cv.pdf' });
      expect([seconds, signed.data]).toEqual([seconds, null]);
    }
    // Nor the authenticated download or the listing: staff have no storage policy at all.
    expect((await bucket.download(path)).data).toBeNull();
    expect((await bucket.list('resumes')).data ?? []).toEqual([]);
    // The service role still signs (npm run resume-url, the copy of one's own data).
    expect((await t.service.storage.from('applications').createSignedUrl(path, 60)).error).toBe(
      null,
    );
  });
});

describe('console-resume', () => {
  it('answers the file to staff as a download under its name, and logs every download', async () => {
    const { id, email } = await storeApplication(
      t,
      { resume_filename: 'Ada "Lovelace" CV.pdf' },
      { resume: true },
    );
    for (const round of [1, 2]) {
      const response = await download(staff.session.access_token, { id });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Ada _Lovelace_ CV.pdf"; filename*=UTF-8''Ada%20%22Lovelace%22%20CV.pdf`,
      );
      expect(Buffer.from(await response.arrayBuffer())).toEqual(pdfBytes(2048));
      expect(await openings(id)).toBe(round);
    }
    expect(await auditLines(t, { subject_id: id })).toEqual([
      expect.objectContaining({
        actor: staff.email,
        action: 'open_resume',
        subject_mailbox: email,
      }),
      expect.objectContaining({
        actor: staff.email,
        action: 'open_resume',
        subject_mailbox: email,
      }),
    ]);
  });

  it('ends at once for someone removed from the staff list, with the session they still hold', async () => {
    const { id } = await storeApplication(t, {}, { resume: true });
    const leaver = await staffSession(t, 'leaver');
    const before = await download(leaver.session.access_token, { id });
    expect(before.status).toBe(200);
    await before.arrayBuffer();
    // `npm run staff -- remove`, the command itself (tools/staff), against this server.
    const removed = await run(
      process.execPath,
      ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', STAFF_COMMAND, 'remove', leaver.email],
      {
        env: {
          ...process.env,
          SUPABASE_URL: t.server.url,
          SUPABASE_SECRET_KEY: t.server.secretKey,
        },
      },
    );
    expect(removed.stdout).toContain(leaver.email);

    const after = await download(leaver.session.access_token, { id });
    expect([401, 403]).toContain(after.status);
    expect(await after.json()).toEqual({ success: false, error: expect.any(String) });
    expect(await openings(id)).toBe(1);
  });

  it('refuses anyone but staff, and logs nothing for them', async () => {
    const { id } = await storeApplication(t, {}, { resume: true });
    const cases: Array<[string, string | null, number]> = [
      ['no session', null, 401],
      ['the publishable key as the bearer', t.server.publishableKey, 401],
      ['a session that is not staff', outsider.session.access_token, 403],
      ['a token of no live session, with staff’s address', accessToken(t, staff.email), 403],
    ];
    for (const [label, token, status] of cases) {
      const response = await download(token, { id });
      expect([label, response.status]).toEqual([label, status]);
      expect(await response.json()).toEqual({ success: false, error: expect.any(String) });
    }
    expect(await openings(id)).toBe(0);
  });

  it('answers 404 without a résumé or an application, and 400 for a malformed id', async () => {
    const token = staff.session.access_token;
    const without = await storeApplication(t);
    expect((await download(token, { id: without.id })).status).toBe(404);
    expect((await download(token, { id: '00000000-0000-4000-8000-000000000000' })).status).toBe(
      404,
    );
    for (const body of [{}, { id: 'not-a-uuid' }, { id: 7 }, [], null]) {
      const response = await download(token, body);
      expect([JSON.stringify(body), response.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect(await openings(without.id)).toBe(0);
  });
});
