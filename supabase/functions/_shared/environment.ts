import { publicUrls, type PublicUrls } from './links/public-urls.ts';

/** What every function's Deno entry point reads from its environment (Supabase secrets). */
export interface FunctionEnvironment {
  supabaseUrl: string;
  serviceRoleKey: string;
  /** Where mail links point: SITE_URL (default https://agentora.ai) and SUPABASE_URL. */
  urls: PublicUrls;
  resendApiKey: string | undefined;
  /** EMAIL_FROM, or undefined for the brand's support address. */
  from: string | undefined;
}

/**
 * Reads SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (hosted Supabase sets both), SITE_URL, RESEND_API_KEY
 * and EMAIL_FROM. `get` is Deno.env.get; nothing here depends on Deno, so the local server and tests
 * use the same rules.
 */
export function functionEnvironment(
  functionName: string,
  get: (name: string) => string | undefined,
): FunctionEnvironment {
  const supabaseUrl = get('SUPABASE_URL');
  const serviceRoleKey = get('SUPABASE_SERVICE_ROLE_KEY');
  if (!supabaseUrl || !serviceRoleKey) {
    throw new Error(`${functionName} needs SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.`);
  }
  return {
    supabaseUrl,
    serviceRoleKey,
    urls: publicUrls({ siteUrl: get('SITE_URL'), supabaseUrl }),
    resendApiKey: get('RESEND_API_KEY') || undefined,
    from: get('EMAIL_FROM') || undefined,
  };
}
