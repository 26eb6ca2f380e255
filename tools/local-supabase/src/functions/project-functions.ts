import { createClient } from '@supabase/supabase-js';
import { createConfirmEmailHandler } from '../../../../supabase/functions/confirm-email/handler.ts';
import {
  createConsentLedger,
  createPrivacyLedger,
} from '../../../../supabase/functions/_shared/consent/link-ledger.ts';
import { siteOrigins } from '../../../../supabase/functions/_shared/http/site-origin.ts';
import type { PublicUrls } from '../../../../supabase/functions/_shared/links/public-urls.ts';
import type { MailTransport } from '../../../../supabase/functions/_shared/mail/types.ts';
import { createResumeRemovalQueue } from '../../../../supabase/functions/_shared/privacy/resume-removals.ts';
import { createRpcRateLimiter } from '../../../../supabase/functions/_shared/rate-limit.ts';
import { createResumeStore } from '../../../../supabase/functions/_shared/resumes/resume-store.ts';
import { createRpcLedger } from '../../../../supabase/functions/_shared/thank-you/ledger.ts';
import { createPrivacyFulfilHandler } from '../../../../supabase/functions/privacy-fulfil/handler.ts';
import { createPrivacyRequestHandler } from '../../../../supabase/functions/privacy-request/handler.ts';
import { createThankYouEmailHandler } from '../../../../supabase/functions/send-thank-you-email/handler.ts';
import { MAX_APPLICATION_BODY_BYTES } from '../../../../supabase/functions/submit-application/application-form.ts';
import { createApplicationStore } from '../../../../supabase/functions/submit-application/application-store.ts';
import { createSubmitApplicationHandler } from '../../../../supabase/functions/submit-application/handler.ts';
import { createUnsubscribeHandler } from '../../../../supabase/functions/unsubscribe/handler.ts';
import { LOCAL_SERVICE_ROLE_KEY } from '../keys/local-keys.ts';
import type { EdgeFunction } from './routes.ts';

export interface ProjectFunctionsOptions {
  /** This server's URL: the functions reach it as hosted functions reach the project's API. */
  apiUrl: string;
  /** Where mail links point (the site, and this server's functions). */
  urls: PublicUrls;
  transport: MailTransport;
  from: string | undefined;
}

/**
 * The project's edge functions, each the handler module Deno serves in production, given what its
 * index.ts gives it there, and the verify_jwt of supabase/config.toml (a test holds the two to each
 * other).
 */
export function projectFunctions(options: ProjectFunctionsOptions): Map<string, EdgeFunction> {
  const { urls, transport, from } = options;
  const service = createClient(options.apiUrl, LOCAL_SERVICE_ROLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const ledger = createRpcLedger(service);
  const rateLimiter = createRpcRateLimiter(service);
  const origins = siteOrigins(urls);
  const resumes = createResumeStore(service);
  return new Map<string, EdgeFunction>([
    [
      'send-thank-you-email',
      {
        verifyJwt: true,
        handler: createThankYouEmailHandler({ ledger, rateLimiter, transport, urls, from }),
      },
    ],
    [
      'submit-application',
      {
        verifyJwt: true,
        // The function reads its body up to its own limit and answers 413 itself beyond it.
        maxBodyBytes: MAX_APPLICATION_BODY_BYTES,
        handler: createSubmitApplicationHandler({
          applications: createApplicationStore(service),
          resumes,
          ledger,
          rateLimiter,
          transport,
          urls,
          from,
        }),
      },
    ],
    [
      'confirm-email',
      {
        verifyJwt: true,
        handler: createConfirmEmailHandler({
          ledger: createConsentLedger(service),
          rateLimiter,
          siteOrigins: origins,
        }),
      },
    ],
    [
      'unsubscribe',
      {
        verifyJwt: false,
        handler: createUnsubscribeHandler({
          ledger: createConsentLedger(service),
          rateLimiter,
          siteOrigins: origins,
          urls,
        }),
      },
    ],
    [
      'privacy-request',
      {
        verifyJwt: true,
        handler: createPrivacyRequestHandler({
          ledger: createPrivacyLedger(service),
          rateLimiter,
          siteOrigins: origins,
          transport,
          urls,
          from,
        }),
      },
    ],
    [
      'privacy-fulfil',
      {
        verifyJwt: true,
        handler: createPrivacyFulfilHandler({
          ledger: createPrivacyLedger(service),
          rateLimiter,
          siteOrigins: origins,
          resumes,
          removals: createResumeRemovalQueue(service),
        }),
      },
    ],
  ]);
}
