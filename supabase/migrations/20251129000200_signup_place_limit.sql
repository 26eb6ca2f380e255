-- The place page's function, signup-place (docs/growth.md): each use of a place link counts against the
-- client address like every other link function's (20250901000000_email_consent.sql), under its own
-- action, so opening one's place page never spends the confirmation limit and guessing tokens stays slow.

insert into public.rate_limit_rules (action, max_requests, window_seconds, description) values
  ('signup-place', 30, 60, 'place link uses per client address');
