import { performance } from 'node:perf_hooks';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { FakeResend } from '@agentora/fake-resend';
import { allRows, asStaff, drained, pending, service, type Backend } from './api.ts';
import type { BackendProcess } from '../backend-process.ts';

// A wave of thousands mailed at the provider's pace, with a kill -9 of the backend in the middle of it
// (docs/launch-waves.md): every invitee gets exactly one invitation, none lost and none doubled, and a
// confirmation queued during the wave goes out first. The provider (tools/fake-resend, 2 requests a
// second, 5 % errors) lives in this process, so it outlives the kill and counts every mail.

const INVITE = "You're invited to Agentora";

export interface WaveUnderKill {
  invited: number;
  decidedMs: number;
  mailingSeconds: number;
  killedAfterMails: number;
  restartSeconds: number;
  lost: number;
  doubled: number;
  deadLetters: number;
  confirmationWaitSeconds: number;
  requests: number;
  rateLimited: number;
  failed: number;
  replayed: number;
}

export async function waveUnderKill(
  backend: Backend & { process: BackendProcess },
  provider: FakeResend,
  staff: SupabaseClient,
  options: { size: number; tag: string; killAfterSeconds: number; start: Date },
  log: (line: string) => void,
): Promise<WaveUnderKill> {
  const members = Array.from({ length: options.size }, (_, n) => ({
    email: `wave${n}.${options.tag}@example.com`,
    created_at: new Date(options.start.getTime() + n * 1000).toISOString(),
    confirmed_at: new Date(options.start.getTime() + n * 1000 + 500).toISOString(),
  }));
  for (let from = 0; from < members.length; from += 500) {
    await service(backend, 'early_access_signups', {
      method: 'POST',
      body: members.slice(from, from + 500),
      prefer: 'return=minimal',
    });
  }
  // Their thank-you mails first, so that what follows is the wave's.
  await drained(backend);
  const statsBefore = provider.stats();
  const deciding = performance.now();
  const wave = await asStaff<{ wave: number; invited: number }>(staff, 'console_invite_wave', {
    p_list: 'early_access',
    p_count: options.size,
    p_dry_run: false,
  });
  const decidedMs = performance.now() - deciding;
  const waveStarted = Date.now();
  log(
    `  wave ${wave.wave}: ${wave.invited} invited, decided and queued in ${decidedMs.toFixed(0)} ms`,
  );
  const invitees = new Set(
    (
      await allRows<{ early_access_id: string }>(
        backend,
        `invitations?select=early_access_id&wave_id=eq.${wave.wave}`,
      )
    ).map((row) => row.early_access_id),
  );
  const emails = new Set(
    (
      await allRows<{ id: string; email: string }>(
        backend,
        `early_access_signups?select=id,email&email=like.wave*.${options.tag}@example.com`,
      )
    )
      .filter((row) => invitees.has(row.id))
      .map((row) => row.email.toLowerCase()),
  );
  const invitesOut = () =>
    provider
      .accepted()
      .filter((mail) => mail.subject === INVITE && emails.has(mail.to[0].toLowerCase()));

  // A sign-up during the wave: its confirmation goes before the wave's mail still queued.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const newcomer = `newcomer.${options.tag}@example.com`;
  const queuedAt = Date.now();
  await service(backend, 'early_access_signups', {
    method: 'POST',
    body: { email: newcomer },
    prefer: 'return=minimal',
  });
  let confirmationWaitSeconds = NaN;
  for (let tries = 0; tries < 600; tries += 1) {
    const mail = provider.accepted().find((m) => m.to[0] === newcomer);
    if (mail) {
      confirmationWaitSeconds = (mail.acceptedAt - queuedAt) / 1000;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  log(
    `  a sign-up queued ${((queuedAt - waveStarted) / 1000).toFixed(1)} s into the wave: its confirmation went out ` +
      `${confirmationWaitSeconds.toFixed(1)} s later, with ${invitesOut().length} of the wave's mails out and ` +
      `${(await pending(backend)).queued} still queued`,
  );

  const killAt = waveStarted + options.killAfterSeconds * 1000;
  if (Date.now() < killAt) await new Promise((resolve) => setTimeout(resolve, killAt - Date.now()));
  const killedAfterMails = invitesOut().length;
  log(`  kill -9 of the backend, ${killedAfterMails} of the wave's mails out`);
  await backend.process.kill();
  const restarting = performance.now();
  await backend.process.restart();
  const restartSeconds = (performance.now() - restarting) / 1000;
  log(`  started again in ${restartSeconds.toFixed(1)} s`);
  await drained(backend);
  const sent = invitesOut();
  const perAddress = new Map<string, number>();
  for (const mail of sent) {
    const to = mail.to[0].toLowerCase();
    perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
  }
  const times = sent.map((mail) => mail.acceptedAt);
  const stats = provider.stats();
  return {
    invited: wave.invited,
    decidedMs,
    mailingSeconds: (Math.max(...times) - waveStarted) / 1000,
    killedAfterMails,
    restartSeconds,
    lost: [...emails].filter((email) => !perAddress.has(email)).length,
    doubled: [...perAddress.values()].filter((count) => count > 1).length,
    deadLetters: (await allRows(backend, `mail_queue?select=id&kind=eq.invite&status=eq.dead`))
      .length,
    confirmationWaitSeconds,
    requests: stats.requests - statsBefore.requests,
    rateLimited: stats.rateLimited - statsBefore.rateLimited,
    failed: stats.failed - statsBefore.failed,
    replayed: stats.replayed - statsBefore.replayed,
  };
}
