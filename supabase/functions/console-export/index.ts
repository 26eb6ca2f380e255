// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (handler.ts).
// The console calls it with the publishable key and the staff member's session. It never acts with the
// secret key: each request's RPCs run as the caller (_shared/console/as-caller.ts), so row-level
// security and the RPCs' staff check decide what comes out.
import { callerDatabases } from '../_shared/entry/function-setup.ts';
import { functionEnvironment } from '../_shared/environment.ts';
import { requireApiKey } from '../_shared/http/api-key.ts';
import { createConsoleExportHandler } from './handler.ts';

const env = functionEnvironment('console-export', (variable) => Deno.env.get(variable));

Deno.serve(
  requireApiKey(
    env.apiKeys,
    createConsoleExportHandler({ databaseFor: callerDatabases(env, 'console-export') }),
  ),
);
