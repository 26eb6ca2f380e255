-- Run by the deploy (.github/workflows/backend.yml) against the hosted project with psql:
--   psql "$SUPABASE_DB_URL" -v ON_ERROR_STOP=1 -v functions_url=… -v worker_key=… -f this file
-- Puts in Vault what the pg_cron job agentora-send-queued-mail (supabase/schemas/mail-queue.sql) reads
-- to call send-queued-mail: the functions' URL and the secret key the call presents. An upsert: running
-- it again with the same values changes nothing, with new ones (a rotated key) replaces them.
select vault.update_secret(id, :'functions_url')
  from vault.secrets where name = 'agentora_functions_url';
select vault.create_secret(:'functions_url', 'agentora_functions_url')
 where not exists (select from vault.secrets where name = 'agentora_functions_url');
select vault.update_secret(id, :'worker_key')
  from vault.secrets where name = 'agentora_mail_worker_key';
select vault.create_secret(:'worker_key', 'agentora_mail_worker_key')
 where not exists (select from vault.secrets where name = 'agentora_mail_worker_key');
