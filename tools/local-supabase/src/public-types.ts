// The package's public types. This file imports nothing: public-api.d.ts re-exports it, so a project that
// reads the package through that file type-checks these declarations and not the server behind them.

export interface RetentionOptions {
  /** How often to run; the hosted schedule runs hourly (pg_cron, supabase/schemas/privacy.sql). */
  intervalMs: number;
  /** The clock the job is given; tests move it forward. Default: the real one. */
  now?: () => Date;
}

export interface LaunchWaveOptions {
  /** How often to run public.run_launch_waves; the hosted schedule runs it every 10 s. */
  intervalMs: number;
}

/** A queue's worker function called on a timer (send-queued-mail, sync-audience). */
export interface WorkerTimerOptions {
  /**
   * How often to call the worker when it is not already running. A call that its budget stopped with
   * work still due is followed at once, as hosted calls overlap on a backlog.
   */
  intervalMs: number;
  /** How long each call works for (the worker's `seconds`). Default 20. */
  seconds?: number;
}

/** The mail queue's timer. */
export type MailQueueOptions = WorkerTimerOptions;

/** Supabase Auth's rate limits ([auth.rate_limit] of config.toml). */
export interface AuthRateLimits {
  /** email_sent: code mails per hour, all addresses together. */
  emailSent: number;
  /** sign_in_sign_ups: code requests (/auth/v1/otp) per 5 minutes from one client address. */
  signInSignUps: number;
  /** token_verifications: code checks (/auth/v1/verify) per 5 minutes from one client address. */
  tokenVerifications: number;
  /** token_refresh: refreshes (/auth/v1/token) per 5 minutes from one client address. */
  tokenRefresh: number;
}

export interface AuthOptions {
  /**
   * Where the Send Email Hook goes instead of the function config.toml's [auth.hook.send_email] names
   * (tests: a server of their own that checks the signature). Signed with the same local secret.
   */
  emailHook?: { url: string };
  /** Limits instead of config.toml's (tests raise them: every test request comes from 127.0.0.1). */
  rateLimits?: Partial<AuthRateLimits>;
  /**
   * Auth's clock (codes, limits, sessions), also the one every service checks a JWT's exp, nbf and iat
   * against; tests move it. Default: the real one.
   */
  now?: () => Date;
}

export interface LocalSupabaseOptions {
  /** Default 54321; 0 picks a free port (tests). */
  port?: number;
  /**
   * Default 127.0.0.1: the outbox and the service key are for this machine only. `localhost` listens on
   * both 127.0.0.1 and ::1.
   */
  host?: string;
  /**
   * Browser origins allowed to call the API besides this machine's own (http(s)://localhost,
   * 127.0.0.1 or [::1] on any port), e.g. `http://192.168.1.5:4200`.
   */
  allowedOrigins?: readonly string[];
  /** Holds the lock, the outbox and (unless inMemory) the database. Default: <repo>/.local-supabase. */
  dataDir?: string;
  /** Keep the database in memory: faster, gone at stop. */
  inMemory?: boolean;
  /** Use this PostgreSQL server (a superuser connection string) instead of PGlite. */
  databaseUrl?: string;
  /** Default: <repo>/supabase/migrations. */
  migrationsDir?: string;
  /**
   * The Supabase project whose functions to serve (its config.toml and functions/deno.json). Default:
   * <repo>/supabase. Tests point it at a project of test functions.
   */
  supabaseDir?: string;
  /**
   * When set, the functions' mail goes out through Resend (or the API at resendApiUrl) instead of into the
   * outbox.
   */
  resendApiKey?: string;
  /** RESEND_API_URL for the functions when resendApiKey is set; default Resend's own API. */
  resendApiUrl?: string;
  /** The From header of the functions' mail. */
  emailFrom?: string;
  /**
   * The site the functions' mail links to (SITE_URL of the hosted functions). Default: the local site of
   * `npm start`, http://localhost:4200.
   */
  siteUrl?: string;
  /**
   * Run the project's seed files (config.toml [db.seed]) on a database this start creates, after the
   * migrations, as `supabase start` does (`npm start`). Off by default: tests start from no rows.
   */
  seed?: boolean;
  /** Run the retention job (public.apply_retention) on a timer, as pg_cron does on hosted Supabase. */
  retention?: RetentionOptions;
  /**
   * Call the mail queue's worker (send-queued-mail) on a timer, as pg_cron does on hosted Supabase. The
   * functions that queue a mail also send it right after answering, when the provider's pace allows.
   */
  mailQueue?: MailQueueOptions;
  /**
   * Call the audience's worker (sync-audience) on a timer, as pg_cron does on hosted Supabase: it keeps
   * the local Resend's contacts and segments (this server's /resend) equal to the lists' confirmed
   * members (docs/audience.md).
   */
  audienceSync?: WorkerTimerOptions;
  /** MAIL_SENDS_PER_SECOND of the functions: the provider's rate. Default Resend's 2. */
  mailSendsPerSecond?: number;
  /**
   * Start scheduled launch waves and send their reminders (public.run_launch_waves) on a timer, as
   * pg_cron does on hosted Supabase. Tests call the function themselves.
   */
  launchWaves?: LaunchWaveOptions;
  /**
   * Where an invitation's link leads (PRODUCT_URL of the hosted functions). Default: this server's own
   * stand-in of the product's join page, <url>/product/join, which redeems it with redeem-invite.
   */
  productUrl?: string;
  /**
   * TURNSTILE_SECRET_KEY of the functions, whose TURNSTILE_SITEVERIFY_URL is this server's stand-in: one
   * of Cloudflare's testing secrets, the only ones the stand-in knows. Default the always-passing one.
   */
  turnstileSecret?: string;
  /** TURNSTILE_SITEVERIFY_URL of the functions instead of this server's stand-in (a test of siteverify down). */
  turnstileSiteverifyUrl?: string;
  /**
   * Start every function's Deno worker before returning (`npm start`), rather than on its first request
   * (tests). Either way a worker that exits or hangs is replaced on the next request.
   */
  prestartFunctions?: boolean;
  /** How long a function may take to answer before the gateway answers 504 (hosted: 150 s). */
  functionIdleTimeoutMs?: number;
  /**
   * Restart a function's worker when a file under the project's functions/ changes (`npm start`): the
   * next request runs the edited code. Off by default, as a deployed function loads its code once.
   */
  watchFunctions?: boolean;
  /** Where the functions' own output goes. Default: stderr. */
  functionLog?: (line: string) => void;
  /** Supabase Auth (/auth/v1): the hook's target, the rate limits and the clock, for tests. */
  auth?: AuthOptions;
}

/** A function's Deno worker, as `npm start`'s banner lists them. */
export interface RunningFunction {
  name: string;
  pid: number | undefined;
}

export interface LocalSupabase {
  /** The API URL to give supabase-js, e.g. http://127.0.0.1:54321. */
  url: string;
  /** The publishable key (what the site uses) and the secret key (what the functions use). */
  publishableKey: string;
  secretKey: string;
  /** The legacy JWT keys, still accepted. */
  anonKey: string;
  serviceKey: string;
  jwtSecret: string;
  /** The functions, each served by its own Deno worker (pid undefined until it has started). */
  functions(): RunningFunction[];
  dataDir: string;
  /** HTML list of the mail sent so far (JSON at `${url}/outbox.json`). */
  outboxUrl: string;
  /** The site the functions' mail links to. */
  siteUrl: string;
  /** Where invitations' links lead (PRODUCT_URL). */
  productUrl: string;
  stop(): Promise<void>;
}

/** Where an operator's command connects with the service role (serviceConnectionFromEnv). */
export interface ServiceConnection {
  /** SUPABASE_URL; default this server on its default port. */
  apiUrl: string;
  /** '' when the environment names no key and the API is not on this machine. */
  serviceKey: string;
}
