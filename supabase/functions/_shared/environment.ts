import { publicUrls, type PublicUrls } from './links/public-urls.ts';
import { DEFAULT_SENDS_PER_SECOND } from './mail-queue/drain.ts';
import { MAIL_LINK_SECRET_MIN_LENGTH } from './tokens/email-token.ts';

/** What every function's Deno entry point reads from its environment (Supabase secrets). */
export interface FunctionEnvironment {
  supabaseUrl: string;
  /**
   * The key the function acts with: the project's secret key (SUPABASE_SECRET_KEYS' "default"), or the
   * legacy service_role JWT on a project that has no secret key yet.
   */
  secretKey: string;
  /**
   * Every key a caller may present in its `apikey` header: the project's publishable and secret keys, and
   * the legacy anon and service_role JWTs while the project still has them (docs/security.md, "Keys").
   */
  apiKeys: ReadonlySet<string>;
  /** The keys that act as the service role: the secret keys and the legacy service_role JWT. */
  secretKeys: ReadonlySet<string>;
  /**
   * The key a function presents when it calls the API as its caller (the caller's session as the bearer,
   * so row-level security decides): the publishable key named "default", or the legacy anon JWT.
   */
  publishableKey: string | undefined;
  /**
   * Where mail links point: SITE_URL (default https://agentora.ai), SUPABASE_URL, and PRODUCT_URL (an
   * invitation's link into the product; none by default).
   */
  urls: PublicUrls;
  resend: {
    apiKey: string | undefined;
    /** RESEND_API_URL: Resend's API by default; a test or staging deploy points it at a stand-in. */
    apiUrl: string | undefined;
    /**
     * RESEND_AUDIENCE_API_KEY: a full-access key for the audience's sync, where RESEND_API_KEY is a
     * sending-only one (Resend refuses those on contacts); unset, the sync uses RESEND_API_KEY.
     */
    audienceApiKey: string | undefined;
  };
  /** EMAIL_FROM, or undefined for the brand's support address. */
  from: string | undefined;
  /** The bot check (docs/security.md, "The bot check"): Cloudflare Turnstile's siteverify. */
  botCheck: {
    /** TURNSTILE_SECRET_KEY; the functions that take sign-ups refuse to start without it. */
    secret: string | undefined;
    /** TURNSTILE_SITEVERIFY_URL: Cloudflare's by default; the local server points it at its stand-in. */
    siteverifyUrl: string | undefined;
  };
  mail: {
    /**
     * MAIL_LINK_SECRET, from which queued mail's link tokens are derived (docs/mail-queue.md); undefined
     * when unset, and then the functions that mail refuse to start (mailLinkSecretOf).
     */
    linkSecret: string | undefined;
    /** MAIL_SENDS_PER_SECOND: the provider's rate for all workers together; default Resend's 2. */
    sendsPerSecond: number;
  };
}

/** For the functions that queue or send mail: the secret, or a clear error at start-up. */
export function mailLinkSecretOf(env: FunctionEnvironment, functionName: string): string {
  const secret = env.mail.linkSecret;
  if (!secret || secret.length < MAIL_LINK_SECRET_MIN_LENGTH) {
    throw new Error(
      `${functionName} needs MAIL_LINK_SECRET, at least ${MAIL_LINK_SECRET_MIN_LENGTH} characters (docs/deploying-the-backend.md).`,
    );
  }
  return secret;
}

function sendsPerSecond(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_SENDS_PER_SECOND;
  const rate = Number(value);
  if (!Number.isFinite(rate) || rate <= 0 || rate > 1000) {
    throw new Error(
      `MAIL_SENDS_PER_SECOND must be a number above 0, got ${JSON.stringify(value)}.`,
    );
  }
  return rate;
}

/** The values of a JSON object of named keys, e.g. SUPABASE_SECRET_KEYS = {"default":"sb_secret_…"}. */
function namedKeys(json: string | undefined, variable: string): Record<string, string> {
  if (!json) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error(`${variable} must be a JSON object of named keys.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${variable} must be a JSON object of named keys.`);
  }
  return Object.fromEntries(
    Object.entries(parsed).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}

/**
 * Reads what hosted Supabase gives every function (SUPABASE_URL, SUPABASE_PUBLISHABLE_KEYS,
 * SUPABASE_SECRET_KEYS, and the legacy SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY) and our secrets
 * (SITE_URL, PRODUCT_URL, RESEND_API_KEY, RESEND_API_URL, RESEND_AUDIENCE_API_KEY, EMAIL_FROM,
 * MAIL_LINK_SECRET, MAIL_SENDS_PER_SECOND, TURNSTILE_SECRET_KEY, TURNSTILE_SITEVERIFY_URL). `get` is Deno.env.get;
 * nothing here depends on Deno, so tests use the same rules.
 */
export function functionEnvironment(
  functionName: string,
  get: (name: string) => string | undefined,
): FunctionEnvironment {
  const supabaseUrl = get('SUPABASE_URL');
  const secretKeys = namedKeys(get('SUPABASE_SECRET_KEYS'), 'SUPABASE_SECRET_KEYS');
  const publishableKeys = namedKeys(get('SUPABASE_PUBLISHABLE_KEYS'), 'SUPABASE_PUBLISHABLE_KEYS');
  const legacyServiceRoleKey = get('SUPABASE_SERVICE_ROLE_KEY');
  const present = (key: string | undefined): key is string => key !== undefined && key !== '';
  // The keys that act as the service role, then every key a caller may present.
  const serviceKeys = [...Object.values(secretKeys), legacyServiceRoleKey].filter(present);
  const callerKeys = [
    ...Object.values(publishableKeys),
    get('SUPABASE_ANON_KEY'),
    ...serviceKeys,
  ].filter(present);
  const secretKey = secretKeys.default ?? legacyServiceRoleKey;
  if (!supabaseUrl || !secretKey) {
    throw new Error(
      `${functionName} needs SUPABASE_URL and a secret key (SUPABASE_SECRET_KEYS or SUPABASE_SERVICE_ROLE_KEY).`,
    );
  }
  return {
    supabaseUrl,
    secretKey,
    secretKeys: new Set(serviceKeys),
    apiKeys: new Set(callerKeys),
    publishableKey: publishableKeys.default || get('SUPABASE_ANON_KEY') || undefined,
    urls: publicUrls({ siteUrl: get('SITE_URL'), supabaseUrl, productUrl: get('PRODUCT_URL') }),
    resend: {
      apiKey: get('RESEND_API_KEY') || undefined,
      apiUrl: get('RESEND_API_URL') || undefined,
      audienceApiKey: get('RESEND_AUDIENCE_API_KEY') || undefined,
    },
    from: get('EMAIL_FROM') || undefined,
    botCheck: {
      secret: get('TURNSTILE_SECRET_KEY') || undefined,
      siteverifyUrl: get('TURNSTILE_SITEVERIFY_URL') || undefined,
    },
    mail: {
      linkSecret: get('MAIL_LINK_SECRET') || undefined,
      sendsPerSecond: sendsPerSecond(get('MAIL_SENDS_PER_SECOND')),
    },
  };
}
