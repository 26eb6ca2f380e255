import { LOOPBACK_HOSTNAMES } from '../http/loopback.ts';
import type { ServiceConnection } from '../public-types.ts';
import { DEFAULT_PORT, LOCAL_SECRET_KEY } from './local-keys.ts';

/**
 * Where an operator's command (expire-applications, resume-url) connects with the service role:
 * SUPABASE_URL, and SUPABASE_SECRET_KEY or the legacy SUPABASE_SERVICE_ROLE_KEY. This server's
 * well-known secret key stands in only for a loopback URL, so it is never sent to a hosted project.
 */
export function serviceConnectionFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): ServiceConnection {
  const apiUrl = env.SUPABASE_URL || `http://127.0.0.1:${DEFAULT_PORT}`;
  const loopback = LOOPBACK_HOSTNAMES.has(new URL(apiUrl).hostname);
  const serviceKey =
    env.SUPABASE_SECRET_KEY || env.SUPABASE_SERVICE_ROLE_KEY || (loopback ? LOCAL_SECRET_KEY : '');
  return { apiUrl, serviceKey };
}
