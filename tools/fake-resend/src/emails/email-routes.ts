import { failure, type Answer } from '../api/answer.ts';
import type { HeadDecision, Route, RouteRequest } from '../api/routes.ts';
import type { EmailContext } from './email-context.ts';
import { idempotencyKey, oneSendPerKey } from './idempotency.ts';
import { sendBatch } from './send-batch.ts';
import { sendEmail } from './send-email.ts';

// POST /emails and POST /emails/batch, with the checks of their own headers (the idempotency key, the
// batch's validation mode) made from the head, before the rate is counted.

export function emailRoutes(ctx: EmailContext): Route[] {
  const oneAtATime = oneSendPerKey();

  function admitSend(
    { head }: RouteRequest,
    send: (raw: Buffer, key: string, permissive: boolean) => Promise<Answer>,
  ): HeadDecision {
    const idempotency = idempotencyKey(head.headers);
    if ('refuse' in idempotency) return idempotency;
    const validation = head.headers['x-batch-validation'] ?? 'strict';
    // (A header sent twice arrives as a list: neither mode.)
    if (validation !== 'strict' && validation !== 'permissive') {
      return {
        refuse: failure(
          422,
          'validation_error',
          'x-batch-validation must be strict or permissive.',
        ),
      };
    }
    const { key } = idempotency;
    return {
      answer: (raw) => oneAtATime(key, () => send(raw, key, validation === 'permissive')),
    };
  }

  return [
    {
      path: '/emails',
      methods: { POST: (request) => admitSend(request, (raw, key) => sendEmail(ctx, raw, key)) },
    },
    {
      path: '/emails/batch',
      methods: {
        POST: (request) =>
          admitSend(request, (raw, key, permissive) => sendBatch(ctx, raw, key, permissive)),
      },
    },
  ];
}
