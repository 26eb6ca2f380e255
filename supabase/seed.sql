-- Local development only (config.toml [db.seed]): `npm start` runs this once on a new local database,
-- after the migrations, as `supabase start` does. Hosted databases never get it: `supabase db push` runs
-- no seed unless told to (--include-seed), and the deploy workflow does not.
--
-- A line to stand in: 24 confirmed members of the early-access list and of the waitlist, from the last
-- two weeks and a few sources, so that a sign-up made on a fresh clone has a place with room to move when
-- a friend joins through its link (docs/growth.md), and the console has rows to show. Their addresses are
-- example.com's (reserved for examples, RFC 2606), and no mail is queued for them.

insert into public.early_access_signups (email, created_at, confirmed_at, utm_source, referrer_host, landing_path)
select format('demo-early-%s@example.com', lpad(n::text, 2, '0')),
       now() - make_interval(hours => 14 * 24 - n * 12),
       now() - make_interval(hours => 14 * 24 - n * 12 - 1),
       (array['newsletter', 'linkedin', null, null])[1 + n % 4],
       (array[null, null, 'news.ycombinator.com', null])[1 + n % 4],
       '/'
  from generate_series(1, 24) as n;

insert into public.waitlist_signups
  (first_name, last_name, email, company, created_at, confirmed_at, utm_source, referrer_host, landing_path)
select 'Demo', format('Member %s', n), format('demo-waitlist-%s@example.com', lpad(n::text, 2, '0')),
       'Example Co',
       now() - make_interval(hours => 14 * 24 - n * 12),
       now() - make_interval(hours => 14 * 24 - n * 12 - 1),
       (array['newsletter', 'linkedin', null, null])[1 + n % 4],
       (array[null, null, 'news.ycombinator.com', null])[1 + n % 4],
       '/coming-soon'
  from generate_series(1, 24) as n;

-- An insert queues its row's thank-you mail (supabase/schemas/mail-kinds.sql); these members were
-- confirmed long ago and get none.
delete from public.mail_queue
 where kind = 'thank_you'
   and (early_access_id in (select id from public.early_access_signups where email like 'demo-%@example.com')
        or waitlist_id in (select id from public.waitlist_signups where email like 'demo-%@example.com'));
