// `npm run launch-day`: the launch-day acceptance of docs/launch-waves.md, with figures. Not a test and
// not part of `npm test`.
//
//   npm run launch-day -- --url http://127.0.0.1:54321   # against `npm start`'s backend (its outbox)
//   npm run launch-day                                    # its own backend, the provider at Resend's pace,
//                                                         # then a wave of --wave (10,000) under a kill -9
//
// Options: --wave <n>, --kill-after <s> (20: seconds into the wave's mailing), --port <n> (54371).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { readCommandLine } from '@agentora/command-line';
import type { Backend } from './api.ts';

const { values, refuse } = readCommandLine({
  command: 'npm run launch-day',
  usage: `usage: npm run launch-day [-- options]

The launch-day acceptance of docs/launch-waves.md, with figures.

  --url <url>        a running backend (npm start's: http://127.0.0.1:54321); its outbox holds the mail
  --wave <n>         without --url: the wave mailed under a kill -9 (10000)
  --kill-after <s>   without --url: seconds into that wave's mailing (20)
  --port <n>         without --url: the backend's port (54371)`,
  options: {
    url: { type: 'string' },
    wave: { type: 'string' },
    'kill-after': { type: 'string' },
    port: { type: 'string' },
  },
});
for (const name of ['wave', 'kill-after', 'port'] as const)
  if (values[name] !== undefined && !/^[1-9]\d*$/.test(values[name]))
    refuse(`--${name} takes a positive whole number.`);

// The backend, the provider and supabase-js are loaded once the command line is read: --help and a
// wrong argument answer at once.
const [
  { startFakeResend },
  { startBackendProcess },
  { staffSession },
  { launchDayCheck },
  { storeLine },
  { waveUnderKill },
] = await Promise.all([
  import('@agentora/fake-resend'),
  import('../backend-process.ts'),
  import('./api.ts'),
  import('./check.ts'),
  import('./line.ts'),
  import('./wave-under-kill.ts'),
]);

const log = (line: string) => process.stdout.write(`${line}\n`);
const tag = `ld${Date.now().toString(36)}`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

async function acceptance(backend: Backend) {
  log(`launch-day ${tag} against ${backend.url}; load average ${load()}`);
  const line = await storeLine(backend, tag, {
    members: 300,
    referrals: 40,
    start: new Date(Date.UTC(2025, 0, 1)),
  });
  log(`  stored 300 confirmed members (40 of them referred) and 4 unconfirmed sign-ups`);
  const staff: [SupabaseClient, SupabaseClient] = [
    await staffSession(backend, `lead.${tag}@agentora.ai`),
    await staffSession(backend, `colleague.${tag}@agentora.ai`),
  ];
  return { ...(await launchDayCheck(backend, line, staff, log)), staff };
}

if (values.url) {
  const url = values.url.replace(/\/+$/, '');
  await acceptance({
    url,
    async mailsTo(email) {
      const response = await fetch(`${url}/outbox.json`);
      const all = (await response.json()) as Array<{ to: string; subject: string; text: string }>;
      return all.filter((mail) => mail.to.toLowerCase() === email.toLowerCase());
    },
  });
} else {
  const provider = await startFakeResend({
    ratePerSecond: 2,
    errorRate: 0.05,
    failAfterAccepting: 0.5,
    apiKey: 're_launch_day',
  });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agentora-launch-day-'));
  const backendProcess = await startBackendProcess({
    port: Number(values.port ?? 54371),
    dataDir,
    resend: { apiKey: 're_launch_day', apiUrl: provider.url },
    mailSendsPerSecond: 2,
    log: () => undefined,
  });
  try {
    const backend = {
      url: backendProcess.url,
      process: backendProcess,
      async mailsTo(email: string) {
        return provider
          .accepted()
          .filter((mail) => mail.to[0].toLowerCase() === email.toLowerCase());
      },
    };
    const { staff } = await acceptance(backend);
    const size = Number(values.wave ?? 10_000);
    log(
      `\na wave of ${size.toLocaleString('en-US')} with a kill -9 while it is mailed; load average ${load()}`,
    );
    const result = await waveUnderKill(
      backend,
      provider,
      staff[0],
      {
        size,
        tag,
        killAfterSeconds: Number(values['kill-after'] ?? 20),
        start: new Date(Date.UTC(2025, 6, 1)),
      },
      log,
    );
    log(`  ${JSON.stringify(result)}`);
    log(
      `  ${result.invited} invited; mailed ${result.mailingSeconds.toFixed(1)} s after the wave was sent ` +
        `(${result.requests} requests, ${result.rateLimited} answered 429, ${result.failed} failed, ${result.replayed} replayed); ` +
        `lost ${result.lost}, doubled ${result.doubled}, dead letters ${result.deadLetters}; load average ${load()}`,
    );
  } finally {
    await backendProcess.stop().catch(() => undefined);
    await provider.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
