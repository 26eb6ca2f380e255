import { createHash } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { allRows, asStaff, drained, redeem, serviceRpc, type Backend } from './api.ts';
import type { Line } from './line.ts';

// The launch-day acceptance on a running backend (docs/launch-waves.md): a dry run of the next
// 100 of early access names places 1 to 100 as signup_place ranks them; sending invites exactly those,
// once; two staff sending the next 50 at the same moment invite places 101 to 200, nobody twice; the
// unconfirmed, unsubscribed and suppressed are passed over and counted; each invitee gets one mail whose
// link redeems once and is refused the second time; the console's funnel of each wave. Each line of the
// report says what was found; a check that fails throws.

interface Decision {
  wave: number | null;
  invited: number;
  first_place: number | null;
  last_place: number | null;
  skipped: Record<string, number>;
  plan: string;
}

const planOf = (ids: readonly string[]) =>
  createHash('sha256')
    .update(`early_access:${ids.join(',')}`)
    .digest('hex');

function expect(condition: boolean, what: string): void {
  if (!condition) throw new Error(`launch-day check failed: ${what}`);
}

const nextWave = (count: number, dryRun: boolean, expectPlan: string | null = null) => ({
  p_list: 'early_access',
  p_count: count,
  p_up_to_place: null,
  p_ids: null,
  p_starts_at: null,
  p_remind_after_days: null,
  p_dry_run: dryRun,
  p_expect: expectPlan,
});

/** Every confirmed member's id in place order, as public.signup_place gives it. */
async function lineByPlace(
  backend: Backend,
): Promise<Array<{ id: string; email: string; place: number; credited: number }>> {
  const members = await allRows<{ id: string; email: string }>(
    backend,
    'early_access_signups?select=id,email&confirmed_at=not.is.null',
  );
  const placed = [];
  for (const member of members) {
    const place = (await serviceRpc(backend, 'signup_place', {
      p_list: 'early_access',
      p_id: member.id,
    })) as { position: number; credited: number };
    placed.push({ ...member, place: place.position, credited: place.credited });
  }
  return placed.sort((a, b) => a.place - b.place);
}

export async function launchDayCheck(
  backend: Backend,
  line: Line,
  staff: [SupabaseClient, SupabaseClient],
  log: (line: string) => void,
): Promise<{ waves: number[]; invitees: string[] }> {
  const ranked = await lineByPlace(backend);
  const skip = new Set([...line.unsubscribed, ...line.bounced, ...line.complained]);
  // Members invited before this check (an earlier run on the same database) are passed over too.
  const earlier = new Set(
    (
      await allRows<{ early_access_id: string }>(
        backend,
        'invitations?select=early_access_id&list=eq.early_access',
      )
    ).map((row) => row.early_access_id),
  );
  const eligible = ranked.filter((member) => !skip.has(member.email) && !earlier.has(member.id));
  const moved = ranked.filter((member) => member.credited > 0).length;
  log(
    `  the line: ${ranked.length} confirmed members (${line.confirmed.length} stored by this check), ` +
      `${moved} of them moved up by credited referrals`,
  );

  // A dry run of the next 100 names exactly the first 100 the wave may invite, in place order.
  const before = (await allRows(backend, 'invitations?select=id')).length;
  const dry = await asStaff<Decision>(staff[0], 'console_invite_wave', nextWave(100, true));
  const firstHundred = eligible.slice(0, 100);
  expect(
    dry.plan === planOf(firstHundred.map((m) => m.id)),
    'the dry run names the first 100 by place',
  );
  expect(
    (await allRows(backend, 'invitations?select=id')).length === before,
    'a dry run invites nobody',
  );
  log(
    `  dry run of the next 100: invited ${dry.invited}, places ${dry.first_place} to ${dry.last_place}, ` +
      `passed over ${JSON.stringify(dry.skipped)}; the same members, in the same order, as signup_place ranks them`,
  );

  const sent = await asStaff<Decision>(
    staff[0],
    'console_invite_wave',
    nextWave(100, false, dry.plan),
  );
  const invitedNow = async () =>
    allRows<{ early_access_id: string; wave_id: number }>(
      backend,
      'invitations?select=early_access_id,wave_id&list=eq.early_access',
    );
  const afterFirst = await invitedNow();
  expect(sent.plan === dry.plan && sent.invited === 100, 'the send invites exactly the dry run');
  expect(
    afterFirst.filter((row) => row.wave_id === sent.wave).length === 100,
    'the wave holds 100 invitations',
  );
  log(
    `  wave ${sent.wave} sent: invited ${sent.invited}, places ${sent.first_place} to ${sent.last_place}`,
  );

  // Two staff, the next 50 each, at the same moment.
  const [a, b] = await Promise.all(
    staff.map((client) => asStaff<Decision>(client, 'console_invite_wave', nextWave(50, false))),
  );
  const both = (await invitedNow()).filter((row) =>
    [sent.wave, a.wave, b.wave].includes(row.wave_id),
  );
  const ids = both.map((row) => row.early_access_id);
  expect(new Set(ids).size === ids.length, 'nobody is invited twice');
  const expected = new Set(eligible.slice(0, 200).map((m) => m.id));
  expect(ids.length === 200 && ids.every((id) => expected.has(id)), 'the next 200, no gap');
  const ranges = [a, b].sort((x, y) => Number(x.first_place) - Number(y.first_place));
  log(
    `  two sends of the next 50 at once: waves ${ranges[0].wave} (places ${ranges[0].first_place} to ` +
      `${ranges[0].last_place}) and ${ranges[1].wave} (places ${ranges[1].first_place} to ${ranges[1].last_place}); ` +
      `200 invited, ${ids.length - new Set(ids).size} twice`,
  );
  // Past place 200 stand the members who unsubscribed, bounced or complained, and sign-ups never
  // confirmed: the next 50 walk past them, and count them.
  const fourth = await asStaff<Decision>(staff[0], 'console_invite_wave', nextWave(50, false));
  const { skipped } = fourth;
  expect(
    skipped.unsubscribed === line.unsubscribed.length &&
      skipped.bounced === line.bounced.length &&
      skipped.complained === line.complained.length &&
      skipped.unconfirmed >= line.unconfirmed.length,
    'the unsubscribed, bounced, complained and unconfirmed are passed over and counted',
  );
  const afterFourth = (await invitedNow()).filter((row) => row.wave_id === fourth.wave);
  const skippedIds = new Set(ranked.filter((m) => skip.has(m.email)).map((m) => m.id));
  expect(!afterFourth.some((row) => skippedIds.has(row.early_access_id)), 'none of them invited');
  log(
    `  wave ${fourth.wave}, the next 50: places ${fourth.first_place} to ${fourth.last_place}, passed over ` +
      `${skipped.unsubscribed} unsubscribed, ${skipped.bounced} bounced, ${skipped.complained} complained, ` +
      `${skipped.unconfirmed} unconfirmed (and ${skipped.already_invited} already invited)`,
  );

  // Every invitee's mail, once, with its own link; each link redeemed once, then refused.
  await drained(backend);
  const invitees = eligible.slice(0, 250);
  let mails = 0;
  const tokens: string[] = [];
  for (const member of invitees) {
    const theirs = (await backend.mailsTo(member.email)).filter(
      (mail) => mail.subject === "You're invited to Agentora",
    );
    mails += theirs.length;
    expect(theirs.length === 1, `${member.email} got ${theirs.length} invitations`);
    tokens.push(/[?&]invite=([A-Za-z0-9_-]{64})/.exec(theirs[0].text)?.[1] ?? '');
  }
  for (const address of [...skip, ...line.unconfirmed]) {
    const theirs = (await backend.mailsTo(address)).filter(
      (m) => m.subject === "You're invited to Agentora",
    );
    expect(theirs.length === 0, `${address}, passed over, got no invitation`);
  }
  const first = await Promise.all(tokens.map((token) => redeem(backend, token)));
  const again = await Promise.all(tokens.map((token) => redeem(backend, token)));
  expect(
    first.every((answer) => answer.status === 200),
    'every link redeems',
  );
  expect(
    again.every((answer) => answer.status === 409 && answer.body.error === 'already_redeemed'),
    'every link is refused the second time',
  );
  log(
    `  ${mails} invitation mails to ${invitees.length} invitees (${new Set(tokens).size} links), none to the ` +
      `${skip.size + line.unconfirmed.length} passed over; redeemed: ${first.filter((x) => x.status === 200).length} × 200, ` +
      `then ${again.filter((x) => x.status === 409).length} × 409 already_redeemed`,
  );

  const waves = [sent.wave, a.wave, b.wave, fourth.wave] as number[];
  for (const wave of waves) {
    const shown = await asStaff<{ funnel: Record<string, number> }>(staff[0], 'console_wave', {
      p_wave: wave,
    });
    log(`  the console's funnel of wave ${wave}: ${JSON.stringify(shown.funnel)}`);
  }
  return { waves, invitees: invitees.map((m) => m.email) };
}
