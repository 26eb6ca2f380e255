import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN } from '@agentora/backend-rules/bot-check';
import {
  pdfBytes,
  raiseRateLimits,
  startLocalSupabase,
  type LocalSupabase,
} from '@agentora/local-supabase';
import { expireApplications } from './expire-applications.ts';

const run = promisify(execFile);
let server: LocalSupabase;
let service: SupabaseClient;
let anon: SupabaseClient;

beforeAll(async () => {
  server = await startLocalSupabase({
    port: 0,
    dataDir: await mkdtemp(path.join(tmpdir(), 'expire-applications-test-')),
    inMemory: true,
  });
  await raiseRateLimits(server.url, server.serviceKey);
  const options = { auth: { persistSession: false, autoRefreshToken: false } };
  service = createClient(server.url, server.serviceKey, options);
  anon = createClient(server.url, server.publishableKey, options);
});
afterAll(async () => {
  await server.stop();
  await rm(server.dataDir, { recursive: true, force: true });
});

let seq = 0;
/** An application with a résumé, as the careers form sends it, received `monthsAgo`; its row. */
async function apply(monthsAgo: number): Promise<{ id: string; resume_path: string }> {
  const email = `ada.${Date.now()}${(seq += 1)}@example.com`;
  const form = new FormData();
  for (const [name, value] of Object.entries({
    first_name: 'Ada',
    last_name: 'L',
    email,
    why_join: 'Agents.',
  })) {
    form.append(name, value);
  }
  form.append(
    'resume',
    new File([new Uint8Array(pdfBytes(512))], 'cv.pdf', { type: 'application/pdf' }),
  );
  // The token Cloudflare's testing sitekeys hand the page, which the local siteverify passes.
  form.append(BOT_CHECK_FORM_FIELD, TURNSTILE_DUMMY_TOKEN);
  const { error } = await anon.functions.invoke('submit-application', { body: form });
  if (error) throw error;
  const received = new Date();
  received.setUTCMonth(received.getUTCMonth() - monthsAgo);
  const { data } = await service
    .from('general_applications')
    .update({ created_at: received.toISOString() })
    .eq('email', email)
    .select('id, resume_path')
    .single();
  return data as { id: string; resume_path: string };
}

const stored = async (paths: string[]) => {
  const { data } = await service.storage.from('applications').list('resumes', { limit: 1000 });
  const names = new Set((data ?? []).map((object) => `resumes/${object.name}`));
  return paths.filter((path) => names.has(path));
};

describe('expireApplications', () => {
  it('deletes applications older than 12 months with their résumés, and keeps younger ones', async () => {
    const old = await apply(13);
    const young = await apply(11);
    expect(await expireApplications(service, new Date())).toEqual({
      applications: 1,
      resumesRemoved: 1,
    });
    const { data } = await service
      .from('general_applications')
      .select('id')
      .in('id', [old.id, young.id]);
    expect(data).toEqual([{ id: young.id }]);
    expect(await stored([old.resume_path, young.resume_path])).toEqual([young.resume_path]);
    expect(await expireApplications(service, new Date())).toEqual({
      applications: 0,
      resumesRemoved: 0,
    });
  });

  it('is for the service role only', async () => {
    await expect(expireApplications(anon, new Date())).rejects.toThrow(/permission denied/);
  });

  it('runs as `npm run expire-applications` with a clock to choose', async () => {
    const application = await apply(1);
    const { stdout } = await run(
      process.execPath,
      [
        '--disable-warning=MODULE_TYPELESS_PACKAGE_JSON',
        path.join(__dirname, 'main.ts'),
        '--now',
        new Date(Date.now() + 366 * 86_400_000).toISOString(),
      ],
      {
        env: {
          ...process.env,
          SUPABASE_URL: server.url,
          SUPABASE_SECRET_KEY: '',
          SUPABASE_SERVICE_ROLE_KEY: '',
        },
      },
    );
    expect(stdout).toMatch(
      /^Deleted [1-9]\d* application\(s\) older than 12 months; removed [1-9]\d* résumé file\(s\)\.\n$/,
    );
    expect(await stored([application.resume_path])).toEqual([]);
  });
});
