// The package's types as other projects see them (package.json "types"). The implementation imports
// with .ts extensions so Node can run it without a build; projects whose tsconfig forbids those would
// fail to type-check it, so they read this file instead. public-api.check.ts keeps the two in step.

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
  /** Run the retention job (public.apply_retention) on a timer, as pg_cron does on hosted Supabase. */
  retention?: {
    /** How often to run. */
    intervalMs: number;
    /** The clock the job is given; tests move it forward. Default: the real one. */
    now?: () => Date;
  };
  /**
   * Call the mail queue's worker (send-queued-mail) on a timer, as pg_cron does on hosted Supabase. The
   * functions that queue a mail also send it right after answering, when the provider's pace allows.
   */
  mailQueue?: {
    /** How often to call the worker when it is not already running. */
    intervalMs: number;
    /** How long each call sends for. Default 20. */
    seconds?: number;
  };
  /** MAIL_SENDS_PER_SECOND of the functions: the provider's rate. Default Resend's 2. */
  mailSendsPerSecond?: number;
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
  stop(): Promise<void>;
}

export declare function startLocalSupabase(options?: LocalSupabaseOptions): Promise<LocalSupabase>;

export declare const DEFAULT_PORT: 54321;
export declare const LOCAL_JWT_SECRET: string;
export declare const LOCAL_ANON_KEY: string;
export declare const LOCAL_SERVICE_ROLE_KEY: string;
export declare const LOCAL_PUBLISHABLE_KEY: string;
export declare const LOCAL_SECRET_KEY: string;

export declare class DataDirLockedError extends Error {}

/** Raises every rate limit rule (public.rate_limit_rules) for tests and benchmarks. */
export declare function raiseRateLimits(
  apiUrl: string,
  serviceKey: string,
  maxRequests?: number,
): Promise<void>;

/** A fetch for tests that connects from another local address (e.g. 127.0.0.2). */
export declare function fetchFromAddress(localAddress: string): typeof fetch;

/** Test files: a PDF (every byte value after the header), a DOC, a DOCX, a PNG, any ZIP. */
export declare function pdfBytes(size?: number): Buffer;
export declare function docBytes(size?: number): Buffer;
export declare function docxBytes(text?: string): Buffer;
export declare function pngBytes(): Buffer;
export declare function zipBytes(files: Record<string, string | Buffer>): Buffer;
