// Deno entry point for Supabase Edge Functions. Everything but the wiring lives in plain modules that
// the local server (tools/local-supabase) runs too.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { createThankYouEmailHandler } from './handler.ts';
import { createResendTransport, UNCONFIGURED_TRANSPORT } from './resend-transport.ts';
import { createRpcLedger } from './rpc-ledger.ts';

const supabaseUrl = Deno.env.get('SUPABASE_URL');
const serviceRoleKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
if (!supabaseUrl || !serviceRoleKey) {
  throw new Error('send-thank-you-email needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.');
}

const supabase = createClient(supabaseUrl, serviceRoleKey, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
});
const resendApiKey = Deno.env.get('RESEND_API_KEY');

Deno.serve(
  createThankYouEmailHandler({
    ledger: createRpcLedger(supabase),
    // Without a Resend key there is nowhere to deliver in production; the handler then answers
    // success: false and gives the sign-up's claim back. Local runs use tools/local-supabase's outbox.
    transport: resendApiKey
      ? createResendTransport({ apiKey: resendApiKey })
      : UNCONFIGURED_TRANSPORT,
    from: Deno.env.get('EMAIL_FROM') ?? undefined,
  }),
);
