// The package's types as other projects see them (package.json "types"). The implementation imports
// with .ts extensions so Node can run it without a build; projects whose tsconfig forbids those would
// fail to type-check it, so they read this file instead: the values declared here, the types from
// public-types.ts, which imports nothing (a declaration file may name it with its .ts extension).
// public-api.check.ts keeps the two in step.

import type { LocalSupabase, LocalSupabaseOptions, ServiceConnection } from './public-types.ts';

export type * from './public-types.ts';

export declare function startLocalSupabase(options?: LocalSupabaseOptions): Promise<LocalSupabase>;

export declare const DEFAULT_PORT: 54321;
export declare const LOCAL_JWT_SECRET: string;
export declare const LOCAL_ANON_KEY: string;
export declare const LOCAL_SERVICE_ROLE_KEY: string;
export declare const LOCAL_PUBLISHABLE_KEY: string;
export declare const LOCAL_SECRET_KEY: string;
/** The Send Email Hook's Standard Webhooks secret (`v1,whsec_…`), SEND_EMAIL_HOOK_SECRET of the functions. */
export declare const LOCAL_SEND_EMAIL_HOOK_SECRET: string;

/**
 * Where an operator's command connects with the service role: SUPABASE_URL, and SUPABASE_SECRET_KEY or
 * SUPABASE_SERVICE_ROLE_KEY; the local secret key only for a loopback URL.
 */
export declare function serviceConnectionFromEnv(
  env?: Readonly<Record<string, string | undefined>>,
): ServiceConnection;

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
