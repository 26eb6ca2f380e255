-- Résumés are personal data (issue 13). Until now the bucket was public, anyone holding a file's URL could
-- read it forever, the type check trusted the client, and resume_url took any http(s) URL, so a row could
-- point the team at any file on the internet.
--
-- From here on:
-- - the applications bucket is private, with no storage policy for anon: files are written by the
--   submit-application edge function (service role) and read by the team through short-lived signed
--   URLs (`npm run resume-url -- <application id>`);
-- - anon cannot insert into general_applications at all: applications come through submit-application,
--   which checks every field and the file's bytes, uploads, inserts, and deletes the file if the insert
--   fails;
-- - the row stores the object's path in the bucket (resume_path), only in the one shape the function
--   writes, instead of a URL. resume_url is dropped: links that pointed at this bucket's résumés become
--   paths, anything else (a link elsewhere, or a name the function would not write) is not kept, and its
--   file name goes with it.

update storage.buckets set public = false where id = 'applications';
drop policy "applications: anon uploads resumes" on storage.objects;

drop policy general_applications_anon_insert on public.general_applications;
revoke insert on table public.general_applications from anon;

alter table public.general_applications add column resume_path text;
update public.general_applications
   set resume_path = substring(
         resume_url from '/storage/v1/object/public/applications/(resumes/[0-9]{13}-[0-9a-f]{32}\.(?:pdf|doc|docx))$')
 where resume_url is not null;
update public.general_applications set resume_filename = null where resume_path is null;

alter table public.general_applications drop constraint general_applications_resume_pair_check;
alter table public.general_applications drop column resume_url;
alter table public.general_applications
  add constraint general_applications_resume_path_check
    check (resume_path is null or resume_path ~ '^resumes/[0-9]{13}-[0-9a-f]{32}\.(pdf|doc|docx)$'),
  -- A résumé is a path and its original file name together, or neither.
  add constraint general_applications_resume_pair_check
    check ((resume_path is null) = (resume_filename is null));
