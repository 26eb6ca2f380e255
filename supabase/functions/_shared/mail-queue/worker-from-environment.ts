import { mailLinkSecretOf, type FunctionEnvironment } from '../environment.ts';
import { mailTransportFromEnvironment } from '../mail/transport-from-environment.ts';
import type { ServiceClient } from '../service-client.ts';
import { drainMailQueue, type MailWorker } from './drain.ts';
import { createRpcMailQueueStore } from './queue-store.ts';

/**
 * How long a function that has just queued a mail spends sending, after its answer: room for the slots
 * already taken ahead of its mail at the provider's pace (another run's, the audience's sync's; 2 a
 * second by default), so the mail leaves now rather than with the next scheduled run.
 */
const AFTER_ANSWER_BUDGET_MS = 2_000;

/** The queue's worker as a function's entry point builds it from its environment. */
export function mailWorkerFromEnvironment(
  env: FunctionEnvironment,
  client: Pick<ServiceClient, 'rpc'>,
  functionName: string,
): MailWorker {
  return {
    store: createRpcMailQueueStore(client),
    transport: mailTransportFromEnvironment(env.resend),
    rendering: { urls: env.urls, from: env.from, linkSecret: mailLinkSecretOf(env, functionName) },
    sendsPerSecond: env.mail.sendsPerSecond,
    logError: (message, error) => console.error(message, error),
  };
}

/**
 * What a function that queued a mail does after answering: send for a moment, so a mail goes out at once
 * when the provider's pace allows; anything left waits for send-queued-mail's schedule. Never rejects.
 */
export function sendSoon(worker: MailWorker): Promise<unknown> {
  return drainMailQueue(worker, { budgetMs: AFTER_ANSWER_BUDGET_MS }).catch((error: unknown) =>
    worker.logError('mail queue: sending after the answer failed', error),
  );
}
