// @agentora/local-supabase/testing: what other projects' tests start and query — a server on a free
// port, a migrated database below the HTTP layer — and the test files and helpers they send.
export {
  apiHeaders,
  clientFor,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from './test-server.ts';
export { migrateTo, openTestDatabase, type TestDatabase } from './test-database.ts';
export { raiseRateLimits } from './rate-limits.ts';
export { outboxMail, sendQueuedMail } from './queued-mail.ts';
export { localResendAudience, syncAudienceNow } from './audience.ts';
export { codeInMail, signInWithCode, type SignedIn } from './sign-in-with-code.ts';
export { fetchFromAddress } from './fetch-from-address.ts';
export { signUpThrough, type SignUpRequest } from './sign-up.ts';
export { docBytes, docxBytes, pdfBytes, pngBytes, zipBytes } from './resume-files.ts';
export type { OutboxMessage } from '../outbox/outbox.ts';
export { DEFAULT_MIGRATIONS_DIR, SUPABASE_DIR } from '../config/paths.ts';
export { bootstrap, listMigrations, migrate } from '../db/migrate.ts';
export { openDatabase } from '../db/open.ts';
export {
  FUNCTION_CALLS_DIR_ENV,
  plpgsqlFunctionCalls,
  type FunctionCalls,
} from '../db/function-calls.ts';
export { asCaller, type ApiRole, type Database } from '../db/database.ts';
export {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_MAIL_LINK_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_RESEND_WEBHOOK_SECRET,
  LOCAL_SECRET_KEY,
  LOCAL_SEND_EMAIL_HOOK_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from '../keys/local-keys.ts';
export { signJwt } from './sign-jwt.ts';
export {
  freshPostgresDatabase,
  TEST_POSTGRES_URL_ENV,
  type FreshDatabase,
} from './postgres-databases.ts';
