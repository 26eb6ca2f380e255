import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import { pdfBytes, startLocalSupabase, type LocalSupabase } from '@agentora/local-supabase';
import { signedResumeUrl } from './signed-resume-url.ts';

const run = promisify(execFile);
let server: LocalSupabase;
let service: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  server = await startLocalSupabase({
    port: 0,
    dataDir: await mkdtemp(path.join(tmpdir(), 'resume-url-test-')),
    inMemory: true,
  });
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  service = createClient(server.url, server.serviceKey, options);
  anon = createClient(server.url, server.publishableKey, options);
});
afterAll(async () => {
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true });
});

let seq = 0;
/** An application as the careers form sends it; returns its id. */
async function apply(resume?: Buffer): Promise<string> {
  const email = `ada.${Date.now()}${(seq += 1)}@example.com`;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    first_name: 'Ada',
    last_name: 'Lovelace',
    email,
    why_join: 'Agents.',
  })) {
    form.append(name, value);
  }
  if (resume) {
    form.append(
      'resume',
      new File([new Uint8Array(resume)], 'Ada CV.pdf', { type: 'application/pdf' }),
    );
  }
  // The token Cloudflare's testing sitekeys hand the page, which the local siteverify passes.
  form.append(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
  const { error } = await anon.functions.invoke('submit-application', { body: form });
  if (error) throw error;
  const { data } = await service
    .from('general_applications')
    .select('id')
    .eq('email', email)
    .single();
  return (data as { id: string }).id;
}

describe('signedResumeUrl', () => {
  it('signs a link that downloads the résumé under its original name', async () => {
    const resume = pdfBytes(10_000);
    const id = await apply(resume);
    const signed = await signedResumeUrl(service, id, 60);
    expect(signed).toMatchObject({
      filename: 'Ada CV.pdf',
      applicant: expect.stringContaining('Ada Lovelace <ada.'),
    });
    const response = await fetch(signed.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Ada CV.pdf"; filename*=UTF-8''Ada%20CV.pdf`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(resume)).toBe(true);
  });

  it('says why when there is nothing to sign', async () => {
    const withoutResume = await apply();
    await expect(signedResumeUrl(service, withoutResume)).rejects.toThrow('has no résumé');
    await expect(signedResumeUrl(service, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(
      'No application has the id',
    );
    await expect(signedResumeUrl(service, "1' or '1'='1")).rejects.toThrow(
      'is not an application id',
    );
    await expect(signedResumeUrl(service, withoutResume, 7 * 24 * 3600)).rejects.toThrow(
      '1 to 86400 seconds',
    );
  });

  it('gets nothing with the anon key', async () => {
    const id = await apply(pdfBytes());
    await expect(signedResumeUrl(anon, id)).rejects.toThrow();
  });
});

describe('npm run resume-url', () => {
  const main = path.join(import.meta.dirname, 'main.ts');
  const command = (args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', main, ...args], {
      env: { ...process.env, SUPABASE_SECRET_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '', ...env },
    });

  it('prints the link on stdout, using the local demo key for a loopback URL', async () => {
    const id = await apply(pdfBytes());
    const { stdout, stderr } = await command([id, '--expires-in', '120'], {
      SUPABASE_URL: server.url,
    });
    expect(stdout.trim()).toMatch(
      /\/storage\/v1\/object\/sign\/applications\/resumes\/\d{13}-[0-9a-f]{32}\.pdf\?token=/,
    );
    expect(stderr).toContain('link valid for 120 seconds');
    expect((await fetch(stdout.trim())).status).toBe(200);
  });

  it('exits 1 with the reason, and asks for a key for any other host', async () => {
    await expect(command(['nope'], { SUPABASE_URL: server.url })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is not an application id'),
    });
    await expect(
      command(['00000000-0000-4000-8000-000000000000'], {
        SUPABASE_URL: 'https://example.supabase.co',
      }),
    ).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('set SUPABASE_SECRET_KEY'),
    });
  });
});
