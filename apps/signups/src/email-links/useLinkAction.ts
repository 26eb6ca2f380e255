import { useCallback, useState } from 'react';
import type { LinkRefusal, LinkUse } from '@agentora/data';
import { useSubmitFlow, type FormCheck } from '@agentora/forms';
import { LINK_FAILED_MESSAGE, LINK_REFUSAL_MESSAGES } from './link-messages';
import { useLinkToken } from './useLinkParams';

type NoValues = Record<string, never>;
const NO_VALUES: NoValues = {};
const NO_TOKEN = { ok: false, reason: 'link_not_valid' } as const;
const NOTHING_TO_CHECK = (): FormCheck<NoValues, never> => ({ ok: true, values: NO_VALUES });

/**
 * A mail link's action behind a button (confirm, unsubscribe, erase, copy), with the token of the
 * page's address, on the site's one submit flow
 * (useSubmitFlow): busy while the call runs, nothing if the page went away meanwhile, then the result.
 * A done action is final and a link that cannot be used stays so; after a rate limit or a failure the
 * button stays, to try again.
 */
export function useLinkAction<Result extends object>(
  use: (token: string) => Promise<LinkUse<Result>>,
  doneMessage: (result: Result) => string,
) {
  const token = useLinkToken();
  const [result, setResult] = useState<Result>();
  const [refusal, setRefusal] = useState<LinkRefusal>();
  const send = useCallback(async () => {
    // A page opened without a token shows no button once it knows; one pressed before is refused.
    const outcome: LinkUse<Result> = token ? await use(token) : NO_TOKEN;
    if (outcome.ok) {
      setResult(outcome);
      return { ok: true, message: doneMessage(outcome) };
    }
    setRefusal(outcome.reason);
    return { ok: false, message: LINK_REFUSAL_MESSAGES[outcome.reason] };
  }, [token, use, doneMessage]);
  const flow = useSubmitFlow({
    initialValues: NO_VALUES,
    check: NOTHING_TO_CHECK,
    send,
    // The page shows no honeypot: the token is the only credential, and a bot holding it may use it.
    honeypotMessage: '',
    failureMessage: LINK_FAILED_MESSAGE,
  });
  const finished = flow.status === 'success' || (flow.showResult && refusal === 'link_not_valid');
  return {
    busy: flow.busy,
    status: flow.status,
    message: flow.message,
    showResult: flow.showResult,
    handleSubmit: flow.handleSubmit,
    /** Set once the action was done: what the backend reported. */
    result: flow.status === 'success' ? result : undefined,
    /** Nothing more to press: the action was done, or the link cannot be used. */
    finished,
  };
}

export type LinkAction<Result extends object> = ReturnType<typeof useLinkAction<Result>>;
