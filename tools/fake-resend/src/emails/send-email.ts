import { randomUUID } from 'node:crypto';
import { failure, parseJsonBody, type Answer } from '../api/answer.ts';
import { underFaults } from '../api/pace.ts';
import type { EmailContext } from './email-context.ts';
import { bodyHash, earlierSend } from './idempotency.ts';
import { parseEmail } from './parse-email.ts';

/** POST /emails: one mail taken into the store and answered {id}, or why not. */
export async function sendEmail(ctx: EmailContext, raw: Buffer, key: string): Promise<Answer> {
  const body = parseJsonBody(raw);
  if ('refuse' in body) return body.refuse;
  const mail = parseEmail(body.json);
  if (typeof mail === 'string') {
    ctx.stats.refused += 1;
    return failure(422, 'validation_error', mail);
  }
  const hash = bodyHash(raw);
  const before = await earlierSend(ctx.store, key, hash, ctx.now);
  if (before && 'status' in before) return before;
  if (before) {
    ctx.stats.replayed += 1;
    return { status: 200, body: { id: before.id } };
  }
  return underFaults(ctx.pace, ctx.stats, async () => {
    const id = randomUUID();
    await ctx.store.keep({ id, idempotencyKey: key, ...mail, acceptedAt: ctx.now() }, hash);
    ctx.stats.accepted += 1;
    return { status: 200, body: { id } };
  });
}
