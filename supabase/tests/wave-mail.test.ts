import { createHash, randomBytes } from 'node:crypto';
import { openTestDatabase, type TestDatabase } from '@agentora/local-supabase/testing';
import {
  call,
  staffMember,
  storeMembers,
  waveArgs,
  type Caller,
  type StoredMember,
  type WaveAnswer,
} from './test-support/launch-waves.ts';

// A launch wave's mail and records below the HTTP layer (supabase/schemas/invitations.sql), on PGlite
// and PostgreSQL: a wave's mail waits behind every other (bulk); the worker keeps the link's hash on the
// invitation; the queue's and Resend's news of each mail land on it, in either order; a link redeems
// once, not when expired; the reminder goes once, to whom it should; the lists, the export, a copy and
// an erasure see the invitations.

let db: TestDatabase;
let staff: Caller;
const STAFF = 'wave-mail.staff@example.com';

beforeAll(async () => {
  db = await openTestDatabase();
  staff = await staffMember(db, 1, STAFF);
});
afterAll(() => db.close());
beforeEach(async () => {
  for (const table of [
    'staff_audit_log',
    'invitations',
    'launch_waves',
    'mail_queue',
    'mail_delivery_events',
    'mail_suppressions',
    'email_tokens',
    'early_access_signups',
    'waitlist_signups',
  ]) {
    await db.asSuperuser(`delete from public.${table}`);
  }
});

const service = async (sql: string, values: unknown[] = []) =>
  (await db.as('service_role', `select ${sql} as r`, values)).rows[0].r;

async function members(count: number, list: 'early_access' | 'waitlist' = 'early_access') {
  const start = Date.parse('2026-01-01T00:00:00Z');
  return storeMembers(
    db,
    list,
    Array.from({ length: count }, (_, n) => ({
      createdAt: new Date(start + n * 60_000),
      confirmedAt: new Date(start + n * 60_000 + 1000),
    })),
  );
}

async function sendWave(args: Record<string, unknown>): Promise<WaveAnswer> {
  const { data, error } = await call<WaveAnswer>(
    db,
    staff,
    'console_invite_wave',
    waveArgs({ p_dry_run: false, ...args }),
  );
  if (error) throw new Error(error.message);
  return data;
}

type Taken = { id: string; lease: string; kind: string; to: string | null } & Record<
  string,
  unknown
>;
const take = async (limit: number) =>
  (await service('public.take_mail_batch(60, $1)', [limit])) as Taken[];
const settle = (lease: string, results: unknown[]) =>
  service('public.settle_mail_batch($1, $2)', [lease, JSON.stringify(results)]);
const hex = () => randomBytes(32).toString('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Takes the wave's messages and keeps an invite token per message (as the worker would): their hashes. */
async function takeAndKeep(limit: number): Promise<Map<string, { token: string; mail: Taken }>> {
  const taken = await take(limit);
  const tokens = new Map<string, { token: string; mail: Taken }>();
  const kept = taken.map((mail) => {
    const token = randomBytes(48).toString('base64url');
    tokens.set(mail.id, { token, mail });
    return { id: mail.id, purpose: 'invite', hash: sha256(token) };
  });
  if (taken.length > 0)
    await service('public.keep_mail_tokens($1, $2)', [taken[0].lease, JSON.stringify(kept)]);
  return tokens;
}

describe('the queue', () => {
  it("takes a wave's mail after every other: a confirmation queued during a wave goes first", async () => {
    await members(5);
    await sendWave({ p_count: 5 });
    const [later] = await storeMembers(db, 'waitlist', [
      { createdAt: new Date(), confirmedAt: null },
    ]);
    await db.asSuperuser(
      `insert into public.mail_queue (id, kind, list, waitlist_id) values (gen_random_uuid(), 'thank_you', 'waitlist', $1)`,
      [later.id],
    );
    const [first] = await take(1);
    expect(first).toMatchObject({ kind: 'thank_you', to: later.email });
    // A batch takes the other mail first and fills up with the wave's.
    await settle(first.lease, [{ id: first.id, outcome: 'released' }]);
    const batch = await take(3);
    expect(batch.map((mail) => mail.kind).sort()).toEqual(['invite', 'invite', 'thank_you']);
    expect(batch.find((mail) => mail.kind === 'invite')).toMatchObject({
      list: 'early_access',
      expires_at: expect.any(String),
    });
  });
});

describe("an invitation's records", () => {
  it("keep the link's hash, then the mail sent, delivered and bounced, whichever order they come in", async () => {
    const [a, b, c] = await members(3);
    const wave = await sendWave({ p_count: 3 });
    const tokens = await takeAndKeep(100);
    const byMember = new Map(
      [...tokens.values()].map((entry) => [
        (entry.mail.to as string).toLowerCase(),
        { id: entry.mail.id, token: entry.token },
      ]),
    );
    // Keeping again (a retry) changes nothing.
    const [lease] = [...tokens.values()].map((entry) => entry.mail.lease);
    await service('public.keep_mail_tokens($1, $2)', [
      lease,
      JSON.stringify([{ id: byMember.get(a.email)?.id, purpose: 'invite', hash: hex() }]),
    ]);
    const { rows: hashes } = await db.asSuperuser(
      'select token_hash from public.invitations where early_access_id = $1',
      [a.id],
    );
    expect(hashes[0].token_hash).toBe(sha256(byMember.get(a.email)?.token as string));

    // Resend's event for c arrives before the worker settles its send.
    await service(
      `public.record_mail_delivery_event('w-c', 'delivered', 're_c', $1, null, now())`,
      [JSON.stringify([c.email])],
    );
    await settle(lease, [
      { id: byMember.get(a.email)?.id, outcome: 'sent', detail: 're_a' },
      { id: byMember.get(b.email)?.id, outcome: 'sent', detail: 're_b' },
      { id: byMember.get(c.email)?.id, outcome: 'sent', detail: 're_c' },
    ]);
    await service(
      `public.record_mail_delivery_event('w-a', 'delivered', 're_a', $1, null, now())`,
      [JSON.stringify([a.email])],
    );
    await service(
      `public.record_mail_delivery_event('w-b', 'bounced', 're_b', $1, 'Permanent', now())`,
      [JSON.stringify([b.email])],
    );
    const { data } = await call<Record<string, unknown>>(db, staff, 'console_wave', {
      p_wave: wave.wave,
    });
    expect(data.funnel).toEqual({
      invited: 3,
      queued: 0,
      mailed: 3,
      delivered: 2,
      bounced: 1,
      complained: 0,
      failed: 0,
      joined: 0,
      reminded: 0,
      expired: 0,
    });
  });

  it('say failed when the queue gives up, and not once the dead letter is sent again', async () => {
    await members(1);
    await sendWave({ p_count: 1 });
    const [mail] = await take(1);
    await settle(mail.lease, [{ id: mail.id, outcome: 'dead', detail: 'refused' }]);
    const state = async () =>
      (await db.asSuperuser('select private.invitation_state(i) as s from public.invitations i'))
        .rows[0].s;
    expect(await state()).toBe('failed');
    await service('public.requeue_dead_mail($1)', [mail.id]);
    expect(await state()).toBe('queued');
  });
});

describe('redeeming a link', () => {
  async function invitedWithToken(): Promise<{
    token: string;
    member: StoredMember;
    wave: number;
  }> {
    const [member] = await members(1);
    const wave = await sendWave({ p_count: 1 });
    const [{ token }] = [...(await takeAndKeep(1)).values()];
    return { token, member, wave: wave.wave as number };
  }

  it('answers the invitee once, then when it was, an expired link when, and an unknown one', async () => {
    const { token, member, wave } = await invitedWithToken();
    const redeem = (hash: string) => service('public.redeem_invitation($1)', [hash]);
    expect(await redeem(sha256(token))).toEqual({
      result: 'redeemed',
      invitation: {
        email: member.email,
        list: 'early_access',
        place: 1,
        wave,
        invited_at: expect.any(String),
        expires_at: expect.any(String),
        redeemed_at: expect.any(String),
      },
    });
    expect(await redeem(sha256(token))).toEqual({
      result: 'redeemed_before',
      redeemed_at: expect.any(String),
    });
    expect(await redeem(hex())).toEqual({ result: 'unknown' });

    const second = await invitedWithToken();
    await db.asSuperuser(
      `update public.invitations set expires_at = now() - interval '1 second' where token_hash = $1`,
      [sha256(second.token)],
    );
    expect(await redeem(sha256(second.token))).toEqual({
      result: 'expired',
      expires_at: expect.any(String),
    });
    expect(
      (
        await db.asSuperuser(
          'select private.invitation_state(i) as s from public.invitations i where token_hash = $1',
          [sha256(second.token)],
        )
      ).rows[0].s,
    ).toBe('expired');
  });

  it('is for the service role only', async () => {
    const { token } = await invitedWithToken();
    for (const role of ['anon', 'authenticated'] as const) {
      await expect(
        db.as(role, 'select public.redeem_invitation($1)', [sha256(token)]),
      ).rejects.toMatchObject({ code: '42501' });
    }
    expect(
      (await call(db, staff, 'redeem_invitation', { p_token_hash: sha256(token) })).error?.code,
    ).toBe('42501');
  });
});

describe("a wave's reminder", () => {
  it('goes once, after its days, to the mailed invitees who have not joined, bounced or expired', async () => {
    const list = await members(5);
    const wave = await sendWave({ p_count: 5, p_remind_after_days: 3 });
    const tokens = await takeAndKeep(100);
    const ids = new Map([...tokens.values()].map((e) => [(e.mail.to as string).toLowerCase(), e]));
    const lease = [...tokens.values()][0].mail.lease;
    // 0 joins, 1 bounces, 2 expires, 3 is not mailed yet (dead), 4 waits.
    await settle(lease, [
      ...[0, 1, 2, 4].map((n) => ({
        id: ids.get(list[n].email)?.mail.id,
        outcome: 'sent',
        detail: `re_${n}`,
      })),
      { id: ids.get(list[3].email)?.mail.id, outcome: 'dead', detail: 'refused' },
    ]);
    await service('public.redeem_invitation($1)', [
      sha256(ids.get(list[0].email)?.token as string),
    ]);
    await service(`public.record_mail_delivery_event('w-1', 'bounced', 're_1', $1, null, now())`, [
      JSON.stringify([list[1].email]),
    ]);
    await db.asSuperuser(
      `update public.invitations set expires_at = now() - interval '1 second' where early_access_id = $1`,
      [list[2].id],
    );
    const run = () => service('public.run_launch_waves()');
    expect(await run()).toEqual({ started: 0, reminded: 0 });
    await db.asSuperuser(
      `update public.launch_waves set started_at = now() - interval '3 days' where id = $1`,
      [wave.wave],
    );
    expect(await run()).toEqual({ started: 0, reminded: 1 });
    expect(await run()).toEqual({ started: 0, reminded: 0 });
    const reminders = (await take(100)).filter((mail) => mail.kind === 'invite_reminder');
    expect(reminders).toEqual([
      expect.objectContaining({
        to: list[4].email,
        list: 'early_access',
        place: 5,
        invite_message: ids.get(list[4].email)?.mail.id,
      }),
    ]);
    // Staff cannot change a reminder that went.
    expect(
      (await call(db, staff, 'console_wave_reminder', { p_wave: wave.wave, p_after_days: 5 }))
        .error,
    ).toEqual({
      code: '22023',
      message: expect.stringContaining('reminded already'),
    });
  });
});

describe('the lists, the export, a copy and an erasure', () => {
  it('show each member their invitation, filter by it on both lists, and export it', async () => {
    const list = await members(3);
    const wave = await sendWave({ p_count: 2 });
    const { data } = await call<{ rows: Array<Record<string, unknown>> }>(
      db,
      staff,
      'console_signups',
      {
        p_form: 'early_access',
        p_search: null,
        p_from: null,
        p_to: null,
        p_confirmed: null,
        p_invited: false,
        p_sort: null,
        p_descending: null,
        p_limit: null,
        p_offset: null,
        p_source: null,
      },
    );
    expect(data.rows).toEqual([
      expect.objectContaining({
        id: list[2].id,
        invited_at: null,
        invite_state: null,
        invite_wave: null,
      }),
    ]);
    const line = await call<number>(db, staff, 'console_log_export', {
      p_kind: 'early_access',
      p_filter: { invited: true },
    });
    const rows = await call<Array<Record<string, unknown>>>(db, staff, 'console_export_rows', {
      p_export: line.data,
      p_after_created_at: null,
      p_after_id: null,
      p_limit: null,
    });
    expect(
      rows.data.map((row) => [row.id, row.invite_wave, row.invite_place, row.invite_state]),
    ).toEqual([
      [list[0].id, wave.wave, 1, 'queued'],
      [list[1].id, wave.wave, 2, 'queued'],
    ]);
  });

  it("a member's copy lists their invitation; their erasure takes it; a staff member's erasure leaves a marker on their waves", async () => {
    const [member] = await members(1, 'waitlist');
    const wave = await sendWave({ p_list: 'waitlist', p_count: 1 });
    const copyHash = hex();
    await db.asSuperuser(
      `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
       values ($1, 'copy', private.mailbox_sha256($2), now() + interval '1 hour')`,
      [copyHash, member.email],
    );
    const copy = (await service('public.copy_mailbox_records($1)', [copyHash])) as Record<
      string,
      unknown
    >;
    expect(copy.invitations).toEqual([
      expect.objectContaining({ list: 'waitlist', wave: wave.wave, place: 1, redeemed_at: null }),
    ]);
    expect(JSON.stringify(copy)).not.toContain('token_hash');

    const erase = async (email: string) => {
      const hash = hex();
      await db.asSuperuser(
        `insert into public.email_tokens (token_hash, purpose, mailbox_sha256, expires_at)
         values ($1, 'erase', private.mailbox_sha256($2), now() + interval '1 hour')`,
        [hash, email],
      );
      return service('public.erase_mailbox_records($1)', [hash]);
    };
    await erase(member.email);
    expect(
      (await db.asSuperuser('select count(*)::integer as n from public.invitations')).rows[0].n,
    ).toBe(0);

    await erase(STAFF);
    const { rows } = await db.asSuperuser('select created_by from public.launch_waves');
    expect(rows[0].created_by).toMatch(/^erased staff member [0-9a-f]{12}$/);
    const { rows: lines } = await db.asSuperuser(
      `select detail from public.staff_audit_log where action = 'erase_staff'`,
    );
    expect(lines[0].detail).toMatchObject({ waves: 1 });
  });
});
