import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useBotCheck } from '../bot-check/useBotCheck';
import { BOT_CHECK_FAILED_MESSAGE } from '../validation/messages';
import { focusFirstInvalid } from './focusFirstInvalid';
import { useSubmitStatus, type SubmitStatusOptions } from './useSubmitStatus';

/** What a form tells the visitor after its call: the banner's tone and text. */
export interface SubmitOutcome {
  ok: boolean;
  message: string;
}

/** A form's submit check: the values to send (trimmed), or what is wrong and where. */
export type FormCheck<Values, Field extends string> =
  | { ok: true; values: Values }
  | {
      ok: false;
      /** The banner text. */
      message: string;
      /** A message beside each field concerned. */
      fieldErrors: Partial<Record<Field, string>>;
      /** In form order: focus goes to the first. */
      invalidFields: readonly Field[];
    };

export interface SubmitFlowOptions<Values, Field extends string> extends SubmitStatusOptions {
  initialValues: Values;
  check: (values: Values) => FormCheck<Values, Field>;
  /**
   * Sends checked values. Expected failures resolve with `ok: false`. `signal` aborts when the form
   * goes away mid-way, so a send that waits on something of its own (a timer, a request) can stop.
   * `botCheckToken`: the bot check's token for this submit, when the form has a `botCheckAction`.
   */
  send: (values: Values, signal: AbortSignal, botCheckToken?: string) => Promise<SubmitOutcome>;
  /**
   * The bot check's action for a form that stores something (docs/security.md, "The bot check"): the
   * widget loads on the form's first touch, and each send waits for a token; without one the form
   * shows BOT_CHECK_FAILED_MESSAGE, keeps what was typed and sends nothing.
   */
  botCheckAction?: string;
  /** The success a filled honeypot gets: bots see the usual reply, and nothing is sent. */
  honeypotMessage: string;
  /** Shown if `send` throws after all, so the form never stays busy. */
  failureMessage: string;
  /** Runs with every reset to empty (a success, a honeypot): state kept outside `values`, e.g. a file. */
  onCleared?: () => void;
}

/**
 * The one submit flow of the site's forms (docs/product/sign-up-forms.md): honeypot → check → focus
 * the first invalid field → busy → send → still mounted? → message → timed return to idle. A
 * failure keeps everything typed; a success empties the form. A second submit while one is in flight
 * does nothing.
 */
export function useSubmitFlow<Values extends object, Field extends Extract<keyof Values, string>>({
  initialValues,
  check,
  send,
  honeypotMessage,
  failureMessage,
  onCleared,
  successResetMs,
  errorResetMs,
  botCheckAction,
}: SubmitFlowOptions<Values, Field>) {
  const result = useSubmitStatus({ successResetMs, errorResetMs });
  // Always called (hooks run in a fixed order); it loads and makes nothing until it is used.
  const { widgetContainer, prepare, getToken } = useBotCheck(botCheckAction ?? '');
  const { begin, succeed, fail } = result;
  // The send in flight, aborted if the form unmounts: its reply then updates nothing and starts no
  // reset timer that nothing would clear.
  const inFlight = useRef<AbortController | undefined>(undefined);
  useEffect(() => () => inFlight.current?.abort(), []);
  const [values, setValues] = useState<Values>(initialValues);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [honeypot, setHoneypot] = useState('');

  const setField = useCallback(<Name extends Field>(name: Name, value: Values[Name]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    // The visitor is fixing this field: stop calling it invalid. The rest wait for the next submit.
    setFieldErrors((previous) => {
      if (previous[name] === undefined) return previous;
      const next = { ...previous };
      delete next[name];
      return next;
    });
  }, []);

  const clear = useCallback(() => {
    setValues(initialValues);
    setFieldErrors({});
    setHoneypot('');
    onCleared?.();
  }, [initialValues, onCleared]);

  const handleSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const form = event.currentTarget;
      if (!begin()) return;
      if (honeypot !== '') {
        clear();
        succeed(honeypotMessage);
        return;
      }
      const checked = check(values);
      if (!checked.ok) {
        setFieldErrors(checked.fieldErrors);
        fail(checked.message);
        focusFirstInvalid(form, checked.invalidFields);
        return;
      }
      setFieldErrors({});
      const controller = new AbortController();
      inFlight.current = controller;
      let outcome: SubmitOutcome;
      try {
        let token: string | undefined;
        if (botCheckAction) {
          try {
            token = await getToken();
          } catch (error) {
            if (!controller.signal.aborted) console.error('The bot check gave no token:', error);
            token = undefined;
          }
        }
        outcome =
          botCheckAction && token === undefined
            ? { ok: false, message: BOT_CHECK_FAILED_MESSAGE }
            : await send(checked.values, controller.signal, token);
      } catch (error) {
        outcome = { ok: false, message: failureMessage };
        if (!controller.signal.aborted) console.error('A form submit failed unexpectedly:', error);
      }
      // The visitor left: no message, and no timer started for a form that is gone.
      if (controller.signal.aborted) return;
      inFlight.current = undefined;
      if (outcome.ok) {
        clear();
        succeed(outcome.message);
      } else {
        fail(outcome.message);
      }
    },
    [
      begin,
      succeed,
      fail,
      honeypot,
      clear,
      honeypotMessage,
      check,
      values,
      send,
      failureMessage,
      botCheckAction,
      getToken,
    ],
  );

  /**
   * For the form element and the place the widget may show itself (only when Cloudflare asks the
   * visitor to interact): the first focus or input loads the bot check. Nothing for a form without one.
   */
  const botCheck = useMemo(
    () =>
      botCheckAction
        ? { formProps: { onFocus: prepare, onInput: prepare }, widgetContainer }
        : { formProps: {}, widgetContainer: undefined },
    [botCheckAction, prepare, widgetContainer],
  );

  return {
    values,
    setField,
    fieldErrors,
    honeypot,
    setHoneypot,
    status: result.status,
    message: result.message,
    busy: result.busy,
    /** The status banner shows only when there is a result and nothing is in progress. */
    showResult: result.showResult,
    handleSubmit,
    botCheck,
  };
}

export type SubmitFlow<
  Values extends object,
  Field extends Extract<keyof Values, string>,
> = ReturnType<typeof useSubmitFlow<Values, Field>>;
