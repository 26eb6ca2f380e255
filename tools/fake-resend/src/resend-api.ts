import { admitted, type RequestHead, type ResendAdmission } from './api/admission.ts';
import { refuseApiKey } from './api/api-key.ts';
import { createPace, type PaceOptions } from './api/pace.ts';
import { findRoute, type Route } from './api/routes.ts';
import { emptyStats, type ResendStats } from './api/stats.ts';
import type { Audience } from './contacts/audience.ts';
import { contactRoutes } from './contacts/contact-routes.ts';
import { segmentRoutes } from './contacts/segment-routes.ts';
import { emailRoutes } from './emails/email-routes.ts';
import { memoryStore, type MailStore } from './emails/mail-store.ts';

// Resend's API as its reference documents it, for whatever server mounts it (this package's own, the
// local Supabase server's outbox). Every route shares the same head: the API key as a bearer, then the
// route's own header checks, then one rate for all of them (429 rate_limit_exceeded above the team's
// rate, default 2 requests a second, with Retry-After and the ratelimit-* headers) and the faults the
// tests order; errors are {statusCode, name, message}. The routes: POST /emails and POST /emails/batch
// (emails/), and, over an audience, the contacts and segments (contacts/). What it does not do:
// attachments, scheduling (a batch refuses both), cc and bcc, domains, broadcasts, topics, custom
// contact properties, the audience-scoped contacts of /audiences.

export interface ResendApiOptions extends PaceOptions {
  /** The only key accepted; default any `re_` key. */
  apiKey?: string;
  /** Where taken mail goes; default memoryStore(). */
  store?: MailStore;
  /** The contacts and segments the contact routes serve; without one those paths are 404. */
  audience?: Audience;
}

export interface ResendApi {
  /**
   * A request, decided from its head (method, path below the API's base URL, headers, query) before a
   * byte of the body is read.
   */
  admit(request: RequestHead): ResendAdmission;
  stats(): ResendStats;
}

/** Resend's API over a store, for a server to mount. */
export function createResendApi(options: ResendApiOptions = {}): ResendApi {
  const stats = emptyStats();
  const pace = createPace(options, stats);
  const now = options.now ?? Date.now;
  const routes: Route[] = [
    ...emailRoutes({ store: options.store ?? memoryStore(), stats, pace, now }),
    ...(options.audience
      ? [
          ...contactRoutes({ audience: options.audience, stats, pace }),
          ...segmentRoutes({ audience: options.audience, stats, pace }),
        ]
      : []),
  ];

  return {
    stats: () => ({ ...stats }),
    admit(head) {
      stats.requests += 1;
      const route = findRoute(routes, head.method, head.path);
      if ('refuse' in route) return route;
      const badKey = refuseApiKey(head.headers, options.apiKey);
      if (badKey) return { refuse: badKey };
      const decision = route.handle({ head, params: route.params });
      if ('refuse' in decision) return decision;
      const limited = pace.limited();
      if (limited) return { refuse: limited };
      return admitted((raw) => decision.answer(raw));
    },
  };
}
