import { isRecord } from '../http/body.ts';
import { retryDelayMs } from '../mail-queue/retry-delay.ts';
import type { ResendAnswer } from './resend-contacts.ts';
import type { AudienceStep } from './steps.ts';

/**
 * What became of a step, as public.settle_audience_change takes it: done (with what of Resend's answer
 * the database keeps), missing (404), throttled (429: every request waits), released (not tried, or a
 * key refused: only the sync waits, uncounted), retry (may have gone through: after a backoff) or dead
 * (refused for good, with Resend's words).
 */
export type AudienceSettlement =
  | { outcome: 'done'; result: Record<string, unknown> }
  | { outcome: 'missing'; reason: string }
  | { outcome: 'throttled'; delayMs: number; reason: string }
  | { outcome: 'released'; delayMs: number; reason?: string }
  | { outcome: 'retry'; delayMs: number; reason: string }
  | { outcome: 'dead'; reason: string };

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/** The `data` of a list answer (`{object: "list", has_more, data}`), or undefined. */
function listData(body: unknown): unknown[] | undefined {
  return isRecord(body) && Array.isArray(body.data) ? body.data : undefined;
}

/** A contact as Resend answers it (GET /contacts/{id or email}): its id and flag. */
function contactOf(body: unknown): Record<string, unknown> | undefined {
  if (!isRecord(body) || !text(body.id) || typeof body.unsubscribed !== 'boolean') return undefined;
  return { id: body.id, unsubscribed: body.unsubscribed };
}

/** What the database keeps of a 2xx answer to the step, or undefined when the answer lacks it. */
function resultOf(step: AudienceStep, body: unknown): Record<string, unknown> | undefined {
  switch (step.op) {
    case 'find_segment': {
      const data = listData(body);
      if (!data) return undefined;
      const found = data.find((item) => isRecord(item) && item.name === step.name && text(item.id));
      return found && isRecord(found) ? { segment_id: found.id } : {};
    }
    case 'create_segment':
      return isRecord(body) && text(body.id) ? { segment_id: body.id } : undefined;
    case 'scan': {
      const data = listData(body);
      if (!data || !isRecord(body) || typeof body.has_more !== 'boolean') return undefined;
      const contacts = data.filter(
        (item): item is Record<string, unknown> =>
          isRecord(item) && text(item.id) && text(item.email),
      );
      if (contacts.length !== data.length) return undefined;
      return {
        data: contacts.map(({ id, email, unsubscribed }) => ({
          id,
          email,
          unsubscribed: unsubscribed === true,
        })),
        // A page that ends the list says so; an empty page ends it whatever it says.
        has_more: body.has_more && contacts.length > 0,
      };
    }
    case 'get':
    case 'check':
      return contactOf(body);
    case 'create':
      return isRecord(body) && text(body.id) ? { id: body.id } : undefined;
    case 'memberships': {
      const data = listData(body);
      if (!data) return undefined;
      return {
        segment_ids: data.flatMap((item) => (isRecord(item) && text(item.id) ? [item.id] : [])),
      };
    }
    case 'update':
    case 'join':
    case 'leave':
    case 'delete':
      return {};
  }
}

/** How a step's answer is settled; `attempts` is the step's tries, this one included. */
export function settlementOf(
  step: AudienceStep,
  answer: ResendAnswer,
  attempts: number,
  random: () => number = Math.random,
): AudienceSettlement {
  switch (answer.kind) {
    case 'ok': {
      const result = resultOf(step, answer.body);
      if (result) return { outcome: 'done', result };
      return {
        outcome: 'retry',
        delayMs: retryDelayMs(attempts, random),
        reason: `Resend's answer to ${step.op} lacked what it should hold.`,
      };
    }
    case 'missing':
      // Deleting a contact Resend does not have is what was asked.
      if (step.op === 'delete') return { outcome: 'done', result: {} };
      return { outcome: 'missing', reason: answer.reason };
    case 'throttled':
      return { outcome: 'throttled', delayMs: answer.waitMs, reason: answer.reason };
    case 'misconfigured':
      return { outcome: 'released', delayMs: answer.waitMs, reason: answer.reason };
    case 'failed':
      return { outcome: 'retry', delayMs: retryDelayMs(attempts, random), reason: answer.reason };
    case 'refused':
      return { outcome: 'dead', reason: answer.reason };
  }
}
