import type { ProjectConfig } from '../config/project-config.ts';
import type { AuthRateLimits } from '../public-types.ts';

export interface AuthSettings {
  /** [auth] jwt_expiry: seconds an access token is valid. */
  jwtExpirySeconds: number;
  /** [auth] enable_signup: whether an address without an account may get one. */
  signupEnabled: boolean;
  /** [auth] enable_refresh_token_rotation: a refresh token reused too late ends its session's tokens. */
  refreshTokenRotation: boolean;
  /** [auth] refresh_token_reuse_interval: seconds a used refresh token may still be used again. */
  refreshTokenReuseIntervalSeconds: number;
  /** [auth] additional_redirect_urls: where mail links may lead besides the site. */
  additionalRedirectUrls: string[];
  email: {
    /** [auth.email] enable_signup: whether email sign-in exists at all (GOTRUE_EXTERNAL_EMAIL_ENABLED). */
    enabled: boolean;
    /** [auth.email] enable_confirmations: a new address gets a sign-up code rather than being trusted. */
    confirmations: boolean;
    /** [auth.email] otp_length: digits in a code. */
    otpLength: number;
    /** [auth.email] otp_expiry: seconds a code is valid. */
    otpExpirySeconds: number;
    /** [auth.email] max_frequency: seconds between two codes for one address. */
    maxFrequencySeconds: number;
  };
  rateLimits: AuthRateLimits;
  /** [auth.hook.send_email] when enabled: the function its uri names, served by this server's gateway. */
  sendEmailHook: { uri: string; functionName: string } | undefined;
}

/**
 * What the settings are when config.toml leaves them out: the values this project runs with on hosted
 * Supabase (the console's design), else Supabase Auth's own defaults.
 */
export const AUTH_DEFAULTS: AuthSettings = {
  jwtExpirySeconds: 3600,
  signupEnabled: true,
  refreshTokenRotation: true,
  refreshTokenReuseIntervalSeconds: 10,
  additionalRedirectUrls: [],
  email: {
    enabled: true,
    confirmations: true,
    otpLength: 6,
    otpExpirySeconds: 600,
    maxFrequencySeconds: 60,
  },
  rateLimits: { emailSent: 30, signInSignUps: 30, tokenVerifications: 30, tokenRefresh: 150 },
  sendEmailHook: undefined,
};

/** The function a hook uri names (`…/functions/v1/<name>`), whatever its host. */
function hookFunction(uri: string, file: string): string {
  let pathname: string | undefined;
  try {
    pathname = new URL(uri).pathname;
  } catch {
    pathname = undefined;
  }
  const name = pathname && /^\/functions\/v1\/([A-Za-z0-9_-]+)\/?$/.exec(pathname)?.[1];
  if (!name) {
    throw new Error(
      `${file}: [auth.hook.send_email] uri "${uri}" names no edge function (…/functions/v1/<name>), the only hook target local-supabase serves`,
    );
  }
  return name;
}

const MAX_RATE = 1_000_000_000;

/**
 * Supabase Auth's settings from the project's config.toml, the same keys `supabase config push` sends to
 * the hosted project: [auth], [auth.email], [auth.rate_limit] and [auth.hook.send_email].
 */
export function readAuthSettings(config: ProjectConfig): AuthSettings {
  const d = AUTH_DEFAULTS;
  const hookEnabled = config.boolean('auth.hook.send_email', 'enabled', false);
  const hookUri = config.string('auth.hook.send_email', 'uri') ?? '';
  return {
    jwtExpirySeconds: config.integer('auth', 'jwt_expiry', d.jwtExpirySeconds, 1, 604_800),
    signupEnabled: config.boolean('auth', 'enable_signup', d.signupEnabled),
    refreshTokenRotation: config.boolean(
      'auth',
      'enable_refresh_token_rotation',
      d.refreshTokenRotation,
    ),
    refreshTokenReuseIntervalSeconds: config.integer(
      'auth',
      'refresh_token_reuse_interval',
      d.refreshTokenReuseIntervalSeconds,
      0,
      86_400,
    ),
    additionalRedirectUrls: config.strings(
      'auth',
      'additional_redirect_urls',
      d.additionalRedirectUrls,
    ),
    email: {
      enabled: config.boolean('auth.email', 'enable_signup', d.email.enabled),
      confirmations: config.boolean('auth.email', 'enable_confirmations', d.email.confirmations),
      otpLength: config.integer('auth.email', 'otp_length', d.email.otpLength, 6, 10),
      otpExpirySeconds: config.integer(
        'auth.email',
        'otp_expiry',
        d.email.otpExpirySeconds,
        1,
        86_400,
      ),
      maxFrequencySeconds: config.duration(
        'auth.email',
        'max_frequency',
        d.email.maxFrequencySeconds,
      ),
    },
    rateLimits: {
      emailSent: config.integer(
        'auth.rate_limit',
        'email_sent',
        d.rateLimits.emailSent,
        0,
        MAX_RATE,
      ),
      signInSignUps: config.integer(
        'auth.rate_limit',
        'sign_in_sign_ups',
        d.rateLimits.signInSignUps,
        0,
        MAX_RATE,
      ),
      tokenVerifications: config.integer(
        'auth.rate_limit',
        'token_verifications',
        d.rateLimits.tokenVerifications,
        0,
        MAX_RATE,
      ),
      tokenRefresh: config.integer(
        'auth.rate_limit',
        'token_refresh',
        d.rateLimits.tokenRefresh,
        0,
        MAX_RATE,
      ),
    },
    sendEmailHook: hookEnabled
      ? { uri: hookUri, functionName: hookFunction(hookUri, config.file) }
      : undefined,
  };
}
