// The function's entry point: hosted Supabase's Edge Runtime and tools/local-supabase both run this file
// on Deno. Everything but the wiring lives in plain modules (_shared/entry/function-setup.ts starts it).
// No API key is asked (no requireApiKey): a browser's CSP report carries none, and cannot be made to.
import { setUpFunction } from '../_shared/entry/function-setup.ts';
import { createCspReportHandler } from './handler.ts';
import { createRpcViolationStore } from './violation-store.ts';

const { supabase } = setUpFunction('csp-report');

Deno.serve(createCspReportHandler({ violations: createRpcViolationStore(supabase) }));
