import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setRuntimeConfig } from '@agentora/data';
import {
  BOT_CHECK_TOKEN_LIFETIME_MS,
  TURNSTILE_DUMMY_TOKEN,
  TURNSTILE_TESTING_SITEKEYS as SITEKEYS,
  turnstileScriptUrl,
} from '@agentora/backend-rules/bot-check';
import { STAND_IN_SETTINGS, widgetScript } from '@agentora/local-supabase/turnstile-widget';
import { BOT_CHECK_CHALLENGE_TIMEOUT_MS, useBotCheck, type BotCheckError } from '@agentora/forms';

// The forms' bot check (@agentora/forms) with the local backend's stand-in for Cloudflare's script (the
// text the server serves, run in the page when the form adds the script), as `npm start` and the e2e
// suites run it: each testing sitekey's behaviour reaches the form as Cloudflare documents it. It lives
// here, in a project of tests alone, so that @agentora/forms does not depend on the local server, and
// through it on the backend: a migration then builds no app (tools/delivery's affected-graph test).

const CHALLENGE = STAND_IN_SETTINGS.challengeMs;

function configure(sitekey: string) {
  setRuntimeConfig({
    remotes: {
      content: '/content/mf-manifest.json',
      signups: '/signups/mf-manifest.json',
      careers: '/careers/mf-manifest.json',
      backoffice: '/backoffice/mf-manifest.json',
    },
    supabase: { url: 'http://localhost:54321', publishableKey: 'anon' },
    botCheck: { sitekey, scriptUrl: turnstileScriptUrl('http://localhost:54321') },
  });
}

function Form() {
  const { widgetContainer, prepare, getToken } = useBotCheck('waitlist');
  const [result, setResult] = useState('');
  return (
    <form
      onFocus={prepare}
      onSubmit={(event) => {
        event.preventDefault();
        setResult('waiting');
        getToken().then(
          (token) => setResult(`token ${token}`),
          (error: BotCheckError) => setResult(`failed ${error.reason} ${error.code ?? ''}`.trim()),
        );
      }}
    >
      <label>
        Email
        <input name="email" />
      </label>
      <div data-testid="widget" ref={widgetContainer} />
      <button type="submit">Send</button>
      <p role="status">{result}</p>
    </form>
  );
}

const settle = () => act(() => jest.advanceTimersByTimeAsync(0));
const pass = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));

/** Serves the stand-in's script for the element the form adds, as the local server would. */
let observer: MutationObserver;
beforeEach(() => {
  jest.useFakeTimers();
  observer = new MutationObserver(() => {
    const script = document.head.querySelector<HTMLScriptElement>('script[src]:not([data-served])');
    if (!script) return;
    script.dataset.served = '';
    new Function(widgetScript())();
    script.dispatchEvent(new Event('load'));
  });
  observer.observe(document.head, { childList: true });
});
afterEach(() => {
  observer.disconnect();
  jest.useRealTimers();
  delete (window as unknown as { turnstile?: unknown }).turnstile;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

async function touchAndSubmit() {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  await user.click(screen.getByLabelText('Email'));
  await settle();
  return () => user.click(screen.getByRole('button', { name: 'Send' }));
}

describe('useBotCheck with the local stand-in', () => {
  it('gets the dummy token from the invisible passing sitekey on the first touch, and shows nothing', async () => {
    configure(SITEKEYS.invisiblePasses);
    render(<Form />);
    const submit = await touchAndSubmit();
    await pass(CHALLENGE);
    await submit();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(`token ${TURNSTILE_DUMMY_TOKEN}`);
    expect(
      screen.getByTestId('widget').querySelector('[data-turnstile-stand-in]'),
    ).not.toBeVisible();
  });

  it('runs a new challenge at the submit when the token from the first touch has expired', async () => {
    configure(SITEKEYS.invisiblePasses);
    render(<Form />);
    const submit = await touchAndSubmit();
    await pass(CHALLENGE + BOT_CHECK_TOKEN_LIFETIME_MS);
    await submit();
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('waiting');
    await pass(CHALLENGE);
    expect(screen.getByRole('status')).toHaveTextContent(`token ${TURNSTILE_DUMMY_TOKEN}`);
  });

  it.each([SITEKEYS.blocks, SITEKEYS.invisibleBlocks])(
    'fails with the blocking sitekey %s, as its error callback says',
    async (sitekey) => {
      configure(sitekey);
      render(<Form />);
      const submit = await touchAndSubmit();
      await submit();
      await pass(CHALLENGE);
      expect(screen.getByRole('status')).toHaveTextContent('failed challenge-failed 600010');
    },
  );

  it('shows the interactive challenge in the form, waits for the visitor, and takes the token after', async () => {
    configure(SITEKEYS.forcesInteractive);
    render(<Form />);
    const submit = await touchAndSubmit();
    await submit();
    await pass(CHALLENGE);
    await pass(2 * BOT_CHECK_CHALLENGE_TIMEOUT_MS);
    expect(screen.getByRole('status')).toHaveTextContent('waiting');
    const button = screen.getByRole('button', { name: /verify you are human/i });
    expect(button).toBeVisible();
    await userEvent.setup({ advanceTimers: jest.advanceTimersByTime }).click(button);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(`token ${TURNSTILE_DUMMY_TOKEN}`);
  });

  it('fails with an unknown sitekey as Cloudflare does: invalid sitekey', async () => {
    configure('0x4AAAAAAAnot-a-testing-key');
    render(<Form />);
    const submit = await touchAndSubmit();
    await submit();
    await pass(CHALLENGE);
    expect(screen.getByRole('status')).toHaveTextContent('failed challenge-failed 110100');
  });
});
