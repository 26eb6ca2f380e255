import {
  DEFAULT_MIGRATIONS_DIR,
  listMigrations,
  migrate,
  openTestDatabase,
  type TestDatabase,
} from '@agentora/local-supabase/testing';

// The migration that brought launch waves (supabase/migrations/*_launch_waves.sql), on a database that
// used the console's "Invite selected" before it: every member it invited stays invited, as an
// invitation of a 'before_waves' wave of the staff member who invited them, at their place in the
// waitlist's order of sign-up. An invitation still in the queue gets its link; one already sent had
// none, and has none now.

let db: TestDatabase;
afterAll(() => db?.close());

it("keeps the waitlist's earlier invitations, each staff member's as one wave", async () => {
  const versions = (await listMigrations(DEFAULT_MIGRATIONS_DIR)).map((m) => m.version);
  const launchWaves = (await listMigrations(DEFAULT_MIGRATIONS_DIR)).find((m) =>
    m.file.endsWith('_launch_waves.sql'),
  );
  const before = versions[versions.indexOf(launchWaves?.version as string) - 1];
  db = await openTestDatabase({ upTo: before });

  const member = async (n: number, invitedBy: string | null) => {
    const { rows } = await db.asSuperuser(
      `insert into public.waitlist_signups
         (first_name, last_name, email, company, created_at, confirmed_at, invited_at, invited_by)
       values ('Ada', 'Lovelace', $1, 'Engines', $2::timestamptz, $2::timestamptz + interval '1 minute',
               case when $3::text is not null then $2::timestamptz + interval '1 day' end, $3)
       returning id`,
      [`legacy${n}@example.com`, new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(), invitedBy],
    );
    return rows[0].id as string;
  };
  const first = await member(1, 'ops@agentora.ai');
  await member(2, null);
  const third = await member(3, 'ops@agentora.ai');
  const fourth = await member(4, 'ada@agentora.ai');
  // The fourth's invitation is still in the queue; the others' went long ago.
  const { rows: queued } = await db.asSuperuser(
    `insert into public.mail_queue (id, kind, list, waitlist_id) values (gen_random_uuid(), 'invite', 'waitlist', $1)
     returning id`,
    [fourth],
  );

  await migrate(db.database, DEFAULT_MIGRATIONS_DIR);

  const { rows: waves } = await db.asSuperuser(
    `select id, list, rule, status, created_by, outcome from public.launch_waves order by created_by`,
  );
  expect(waves).toEqual([
    expect.objectContaining({
      list: 'waitlist',
      rule: 'before_waves',
      status: 'started',
      created_by: 'ada@agentora.ai',
      outcome: { invited: 1 },
    }),
    expect.objectContaining({
      list: 'waitlist',
      rule: 'before_waves',
      status: 'started',
      created_by: 'ops@agentora.ai',
      outcome: { invited: 2 },
    }),
  ]);
  const { rows: invitations } = await db.asSuperuser(
    `select waitlist_id, place, wave_id, message_id, expires_at is not null as expires,
            private.invitation_state(i) as state
       from public.invitations i order by place`,
  );
  expect(invitations).toEqual([
    {
      waitlist_id: first,
      place: '1',
      wave_id: waves[1].id,
      message_id: null,
      expires: false,
      state: 'no_link',
    },
    {
      waitlist_id: third,
      place: '3',
      wave_id: waves[1].id,
      message_id: null,
      expires: false,
      state: 'no_link',
    },
    {
      waitlist_id: fourth,
      place: '4',
      wave_id: waves[0].id,
      message_id: queued[0].id,
      expires: true,
      state: 'queued',
    },
  ]);
  const { rows: columns } = await db.asSuperuser(
    `select column_name from information_schema.columns
      where table_schema = 'public' and table_name = 'waitlist_signups' and column_name like 'invited%'`,
  );
  expect(columns).toEqual([]);
});
