import { parseJsonBody, type Answer } from '../api/answer.ts';
import { underFaults, type Pace } from '../api/pace.ts';
import type { HeadDecision } from '../api/routes.ts';
import type { ResendStats } from '../api/stats.ts';
import type { Audience } from './audience.ts';

/** What the contact and segment routes share with the rest of the API. */
export interface ContactContext {
  audience: Audience;
  stats: ResendStats;
  pace: Pace;
}

/** A route answered from its JSON body (a body that is not JSON is refused with 422). */
export const withJsonBody = (
  answer: (json: unknown) => Answer | Promise<Answer>,
): HeadDecision => ({
  async answer(raw) {
    const body = parseJsonBody(raw);
    return 'refuse' in body ? body.refuse : answer(body.json);
  },
});

/** A route that reads no body (the reads, the deletions, a membership's addition): none is looked at. */
export const withoutBody = (answer: () => Answer | Promise<Answer>): HeadDecision => ({
  answer: async () => answer(),
});

/** Answers under the API's error rate (api/pace.ts). */
export const faulted = (ctx: ContactContext, change: () => Answer): Promise<Answer> =>
  underFaults(ctx.pace, ctx.stats, change);
