// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (handler.ts).
// The console calls it with the publishable key and the staff member's session. The staff check and the
// audit line are the database's, asked as the caller (_shared/console/as-caller.ts); only the read of
// the object that follows uses the secret key.
import { callerDatabases, setUpFunction } from '../_shared/entry/function-setup.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { RESUME_BUCKET } from '../_shared/rules/resume-file.ts';
import { createConsoleResumeHandler } from './handler.ts';

const { env, supabase } = setUpFunction('console-resume');

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createConsoleResumeHandler({
      databaseFor: callerDatabases(env, 'console-resume'),
      readResume: async (path) => {
        const { data, error } = await supabase.storage.from(RESUME_BUCKET).download(path);
        if (error || !data) throw error ?? new Error('storage answered no file');
        return data;
      },
    }),
  ),
);
