// The Supabase CLI's well-known local development secret and the demo keys it signs (`supabase status`
// prints the same values), so anything configured for `supabase start` also works against this server.
// They are public knowledge: never use them anywhere but on a developer's machine or in tests.
import { LOCAL_BACKEND } from '@agentora/contracts/apps';

export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** {"iss":"supabase-demo","role":"anon","exp":1983812996} */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** {"iss":"supabase-demo","role":"service_role","exp":1983812996} */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

export const DEFAULT_PORT = LOCAL_BACKEND.port;

// The CLI's well-known local publishable and secret keys (`supabase status` prints the same). Like the
// JWTs above they are public: the API maps the publishable key to the anon role and the secret key to
// service_role (http/auth.ts).
/** The site's local runtime config carries it (LOCAL_BACKEND in @agentora/contracts). */
export const LOCAL_PUBLISHABLE_KEY: string = LOCAL_BACKEND.publishableKey;
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/** The key the functions present to this server's Resend API (outbox/routes.ts, /resend). */
export const LOCAL_RESEND_API_KEY = 're_local_outbox';

/**
 * MAIL_LINK_SECRET of the local functions: queued mail's link tokens are derived from it
 * (supabase/functions/_shared/tokens/email-token.ts). Fixed, so a mail still queued when the server
 * stops is sent with working links after a restart; public like the keys above.
 */
export const LOCAL_MAIL_LINK_SECRET = 'local-mail-link-secret-not-for-any-hosted-project';

/**
 * The Send Email Hook's signing secret in Standard Webhooks form (`v1,whsec_<base64 key>`): Auth signs
 * every hook call with it (src/auth/send-email-hook.ts) and the functions get it as
 * SEND_EMAIL_HOOK_SECRET to check the signature. Fixed and public like the keys above; the key is the 32
 * bytes "local-supabase-send-email-hook!!".
 */
export const LOCAL_SEND_EMAIL_HOOK_SECRET = 'v1,whsec_bG9jYWwtc3VwYWJhc2Utc2VuZC1lbWFpbC1ob29rISE=';

/**
 * The signing secret of Resend's delivery webhooks here (`whsec_<base64 key>`, as Resend shows an
 * endpoint's): the outbox's Resend posts its test addresses' events to resend-webhook signed with it
 * (Svix's headers), and the functions get it as RESEND_WEBHOOK_SECRET. Fixed and public like the keys
 * above; the key is the 32 bytes "local-supabase-resend-webhook!!!".
 */
export const LOCAL_RESEND_WEBHOOK_SECRET = 'whsec_bG9jYWwtc3VwYWJhc2UtcmVzZW5kLXdlYmhvb2shISE=';
