import { randomUUID } from 'node:crypto';
import { failure, parseJsonBody, type Answer } from '../api/answer.ts';
import { underFaults } from '../api/pace.ts';
import type { EmailContext } from './email-context.ts';
import { bodyHash, earlierSend } from './idempotency.ts';
import type { AcceptedMail, BatchAnswer } from './mail-store.ts';
import { parseEmail, type EmailFields } from './parse-email.ts';

// POST /emails/batch takes 1 to 100 mails in one request (one request against the rate), under one key
// for the batch, strict (one invalid mail refuses the request, 422) or, with the header
// x-batch-validation: permissive, taking the valid ones and answering {data: [{id}], errors: [{index,
// message}]}. Attachments and scheduling are refused in a batch, as Resend documents.

/** Resend's most mails in one batch request. */
export const BATCH_LIMIT = 100;

export async function sendBatch(
  ctx: EmailContext,
  raw: Buffer,
  key: string,
  permissive: boolean,
): Promise<Answer> {
  const body = parseJsonBody(raw);
  if ('refuse' in body) return body.refuse;
  const items = body.json;
  if (!Array.isArray(items) || items.length === 0 || items.length > BATCH_LIMIT) {
    ctx.stats.refused += 1;
    return failure(
      422,
      'validation_error',
      `The body must be a list of 1 to ${BATCH_LIMIT} emails.`,
    );
  }
  const parsed = items.map((item: unknown): EmailFields | string => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
      if ('attachments' in item) return 'Attachments are not supported in batch emails.';
      if ('scheduled_at' in item) return 'Scheduling is not supported in batch emails.';
    }
    return parseEmail(item);
  });
  const errors = parsed.flatMap((item, index) =>
    typeof item === 'string' ? [{ index, message: item }] : [],
  );
  if (errors.length > 0 && !permissive) {
    ctx.stats.refused += 1;
    return failure(422, 'validation_error', `emails[${errors[0].index}]: ${errors[0].message}`);
  }
  const hash = bodyHash(raw);
  const before = await earlierSend(ctx.store, key, hash, ctx.now);
  if (before && 'status' in before) return before;
  if (before?.batch) {
    ctx.stats.replayed += 1;
    return { status: 200, body: before.batch };
  }
  return underFaults(ctx.pace, ctx.stats, async () => {
    const at = ctx.now();
    const mails: AcceptedMail[] = [];
    parsed.forEach((item, index) => {
      if (typeof item === 'string') return;
      mails.push({
        id: randomUUID(),
        idempotencyKey: key,
        ...item,
        acceptedAt: at,
        batchIndex: index,
      });
    });
    const answer: BatchAnswer = {
      data: mails.map((mail) => ({ id: mail.id })),
      ...(permissive ? { errors } : {}),
    };
    await ctx.store.keepBatch(mails, key, { id: '', bodyHash: hash, at, batch: answer });
    ctx.stats.accepted += mails.length;
    ctx.stats.refused += errors.length;
    return { status: 200, body: answer };
  });
}
