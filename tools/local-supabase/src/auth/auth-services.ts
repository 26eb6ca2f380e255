import type { Database } from '../db/database.ts';
import type { JwtVerifier } from '../keys/jwt.ts';
import type { SigningKey } from '../keys/signing-key.ts';
import type { AuthRateLimits } from '../public-types.ts';
import type { AuthSettings } from './auth-config.ts';
import type { AuthMailer } from './auth-mail.ts';
import { RateLimiter } from './rate-limiter.ts';
import { createSecretDigest } from './secrets.ts';
import type { TokenIssuer } from './session-response.ts';

const FIVE_MINUTES_MS = 5 * 60_000;
const ONE_HOUR_MS = 60 * 60_000;

/** Everything the /auth/v1 routes use. */
export interface AuthServices {
  database: Database;
  settings: AuthSettings;
  signingKey: SigningKey;
  /** Access tokens as /auth/v1/user and /logout check them (and as REST and storage do). */
  jwt: JwtVerifier;
  /** What the database keeps of a code's token hash or a refresh token (secrets.ts). */
  digest: (secret: string) => string;
  tokens: TokenIssuer;
  mailer: AuthMailer;
  /** The site mail links lead to, and that redirect_to may name (known once the server listens). */
  siteUrl(): string;
  /** `<API URL>/auth/v1`: the tokens' issuer, known once the server listens. */
  authUrl(): string;
  now(): Date;
  limits: {
    /** Emails sent, all addresses together, per hour. */
    emailSent: RateLimiter;
    /** Per client address, per 5 minutes. */
    otp: RateLimiter;
    verify: RateLimiter;
    token: RateLimiter;
  };
}

export function createAuthServices(options: {
  database: Database;
  settings: AuthSettings;
  signingKey: SigningKey;
  jwt: JwtVerifier;
  mailer: AuthMailer;
  siteUrl: () => string;
  apiUrl: () => string;
  rateLimits?: Partial<AuthRateLimits>;
  now?: () => Date;
}): AuthServices {
  const now = options.now ?? (() => new Date());
  const clock = () => now().getTime();
  const limits = { ...options.settings.rateLimits, ...options.rateLimits };
  const authUrl = () => `${options.apiUrl()}/auth/v1`;
  return {
    database: options.database,
    settings: options.settings,
    signingKey: options.signingKey,
    jwt: options.jwt,
    digest: createSecretDigest(options.signingKey),
    tokens: {
      signingKey: options.signingKey,
      issuer: authUrl,
      expirySeconds: options.settings.jwtExpirySeconds,
    },
    mailer: options.mailer,
    siteUrl: options.siteUrl,
    authUrl,
    now,
    limits: {
      emailSent: new RateLimiter(limits.emailSent, ONE_HOUR_MS, clock),
      otp: new RateLimiter(limits.signInSignUps, FIVE_MINUTES_MS, clock),
      verify: new RateLimiter(limits.tokenVerifications, FIVE_MINUTES_MS, clock),
      token: new RateLimiter(limits.tokenRefresh, FIVE_MINUTES_MS, clock),
    },
  };
}
