-- Staff get a résumé only through the function console-resume, never as a signed storage link
-- (issue 37, hole 1; docs/security.md, "Résumés").
--
-- Before this, a staff session that had logged an opening (console_open_resume) could sign the object for
-- 2 minutes through the storage policy below, and storage signs for whatever expiresIn the caller asks:
-- hosted Supabase's storage takes any whole number of seconds, and no policy sees the number. A link
-- signed for a year kept working after its signer left the staff list, since a signed URL is a token
-- storage checks with its own key alone, at download, without the database; hosted Supabase can revoke
-- such links only all at once (by rotating the storage URL signing key).
--
-- Now staff sign nothing: with the policy gone, no authenticated session can sign, download or list an
-- object of the bucket. console-resume calls console_open_resume as the caller (the staff check and the
-- audit line, at every download), then reads the object with the service role and answers its bytes. A
-- staff member removed from the list is refused at their next request, and nothing they fetched earlier
-- is a link that still works.
--
-- Plain SQL for PGlite (18), PostgreSQL 15 and hosted 17.

drop policy "applications: staff read resumes they just opened" on storage.objects;
drop function private.resumes_opened_by_caller();
