export { startLocalSupabase } from './server/start.ts';
export type * from './public-types.ts';
export {
  DEFAULT_PORT,
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_PUBLISHABLE_KEY,
  LOCAL_SECRET_KEY,
  LOCAL_SEND_EMAIL_HOOK_SECRET,
  LOCAL_SERVICE_ROLE_KEY,
} from './keys/local-keys.ts';
export { serviceConnectionFromEnv } from './keys/service-connection.ts';
export { DataDirLockedError } from './server/data-dir-lock.ts';
export { raiseRateLimits } from './testing/rate-limits.ts';
export { fetchFromAddress } from './testing/fetch-from-address.ts';
export { docBytes, docxBytes, pdfBytes, pngBytes, zipBytes } from './testing/resume-files.ts';
