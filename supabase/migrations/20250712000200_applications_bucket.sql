-- Resume uploads for the careers form (docs/product/careers.md): bucket "applications", files under
-- resumes/, PDF/DOC/DOCX only, at most 5 MB (5 * 1024 * 1024 bytes).
--
-- The bucket is public because the application row stores the file's public URL (as first built). What
-- keeps resumes private is that nobody can find them: anon may create objects but never select, so it
-- cannot list the bucket, download through the authenticated endpoint, or overwrite (an upsert needs
-- select and update); and each name carries at least 128 random bits, which this policy enforces.
-- Superseded: 20250801000300_private_resumes.sql makes the bucket private (docs/security.md).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'applications',
  'applications',
  true,
  5242880,
  array[
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  ]
)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- Names are resumes/<epoch milliseconds>-<32+ hex digits>[.<extension>], as libs/data builds them.
create policy "applications: anon uploads resumes" on storage.objects
  for insert to anon
  with check (
    bucket_id = 'applications'
    and name ~ '^resumes/[0-9]{13,}-[0-9a-f]{32,64}(\.[a-z0-9]{1,10})?$'
  );
