import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { setRuntimeConfig, type RuntimeConfig } from '@agentora/data';
import { BOT_CHECK_TOKEN_LIFETIME_MS } from '@agentora/backend-rules/bot-check';
import { BotCheckError } from './bot-check-error';
import { BOT_CHECK_CHALLENGE_TIMEOUT_MS, BOT_CHECK_TOKEN_USABLE_MS } from './bot-check-widget';
import { BOT_CHECK_SCRIPT_TIMEOUT_MS } from './load-turnstile';
import type { TurnstileApi, TurnstileRenderParams } from './turnstile-api';
import { useBotCheck } from './useBotCheck';

// The form's bot check against a fake `window.turnstile` that the test drives: when the script is added
// and loads (or not), what is rendered, and each callback in turn, on a fake clock. With the local
// stand-in's real script: libs/data/backend-tests/bot-check-stand-in.test.tsx.

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';
const BASE: RuntimeConfig = {
  remotes: {
    content: '/content/mf-manifest.json',
    signups: '/signups/mf-manifest.json',
    careers: '/careers/mf-manifest.json',
    backoffice: '/backoffice/mf-manifest.json',
  },
  supabase: { url: 'http://localhost:54321', publishableKey: 'anon' },
};
const CONFIG: RuntimeConfig = {
  ...BASE,
  botCheck: { sitekey: '0x4AAAAAAAsitekey', scriptUrl: SCRIPT_URL },
};

/** A `window.turnstile` whose widgets do only what the test says. */
function fakeTurnstile() {
  const widgets: Array<{ container: HTMLElement; params: TurnstileRenderParams }> = [];
  const calls: string[] = [];
  const api: TurnstileApi = {
    render(container, params) {
      widgets.push({ container: container as HTMLElement, params });
      calls.push(`render ${params.action}`);
      return `w${widgets.length - 1}`;
    },
    execute: (id) => void calls.push(`execute ${String(id)}`),
    reset: (id) => void calls.push(`reset ${id}`),
    remove: (id) => void calls.push(`remove ${id}`),
    getResponse: () => undefined,
  };
  const params = (index = 0) => widgets[index]!.params;
  return { api, widgets, calls, params };
}

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[src]')];

/** The page's script loads: the fake becomes `window.turnstile`, then the element's load event. */
function loadScript(api: TurnstileApi | undefined) {
  act(() => {
    if (api) (window as unknown as { turnstile: TurnstileApi }).turnstile = api;
    scripts().at(-1)!.dispatchEvent(new Event('load'));
  });
}

function Form({ action, label = 'Email' }: { action: string; label?: string }) {
  const { widgetContainer, prepare, getToken } = useBotCheck(action);
  const [result, setResult] = useState('');
  return (
    <form
      aria-label={action}
      onFocus={prepare}
      onInput={prepare}
      onSubmit={(event) => {
        event.preventDefault();
        setResult('waiting');
        getToken().then(
          (token) => setResult(`token ${token}`),
          (error: BotCheckError) =>
            setResult(`failed ${error.reason}${error.code ? ` ${error.code}` : ''}`),
        );
      }}
    >
      <label>
        {label}
        <input name="email" />
      </label>
      <div data-testid={`widget-${action}`} ref={widgetContainer} />
      <button type="submit">Send {action}</button>
      <p role="status" aria-label={`${action} result`}>
        {result}
      </p>
    </form>
  );
}

const result = (action = 'waitlist') => screen.getByRole('status', { name: `${action} result` });
const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
/** Lets what is due now happen: pending promises, and React's updates scheduled on the fake clock. */
const settle = () => act(() => jest.advanceTimersByTimeAsync(0));

beforeEach(() => {
  jest.useFakeTimers();
  setRuntimeConfig(CONFIG);
});
afterEach(() => {
  jest.useRealTimers();
  delete (window as unknown as { turnstile?: unknown }).turnstile;
  for (const script of scripts()) script.remove();
});

describe('useBotCheck', () => {
  it('adds nothing to the page until a visitor touches a form, then the script once for every form', async () => {
    render(
      <>
        <Form action="waitlist" />
        <Form action="newsletter" label="Newsletter email" />
      </>,
    );
    await settle();
    expect(scripts()).toHaveLength(0);
    const u = user();
    await u.type(screen.getByLabelText('Email'), 'ada');
    await u.click(screen.getByLabelText('Newsletter email'));
    expect(scripts().map((script) => script.src)).toEqual([SCRIPT_URL]);
    expect(scripts()[0]!.async).toBe(true);

    const turnstile = fakeTurnstile();
    loadScript(turnstile.api);
    await settle();
    expect(turnstile.widgets.map(({ container }) => container.dataset.testid)).toEqual([
      'widget-waitlist',
      'widget-newsletter',
    ]);
    expect(turnstile.params(0)).toMatchObject({
      sitekey: '0x4AAAAAAAsitekey',
      action: 'waitlist',
      execution: 'execute',
      appearance: 'interaction-only',
      retry: 'never',
      'response-field': false,
    });
    // Each form's challenge runs on its first touch.
    expect(turnstile.calls).toEqual([
      'render waitlist',
      'render newsletter',
      'reset w0',
      'execute w0',
      'reset w1',
      'execute w1',
    ]);
    await u.type(screen.getByLabelText('Email'), 'more');
    expect(scripts()).toHaveLength(1);
  });

  it('hands the submit the token its first touch got, once; the next submit runs a new challenge', async () => {
    render(<Form action="waitlist" />);
    const u = user();
    await u.click(screen.getByLabelText('Email'));
    const turnstile = fakeTurnstile();
    loadScript(turnstile.api);
    await settle();
    act(() => turnstile.params().callback!('token-1'));
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    await settle();
    expect(result()).toHaveTextContent('token token-1');
    expect(turnstile.calls.at(-1)).toBe('reset w0');

    turnstile.calls.length = 0;
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    expect(result()).toHaveTextContent('waiting');
    expect(turnstile.calls).toEqual(['reset w0', 'execute w0']);
    act(() => turnstile.params().callback!('token-2'));
    await settle();
    expect(result()).toHaveTextContent('token token-2');
  });

  it('runs the challenge again for a token that expired, by its callback or by the clock', async () => {
    render(<Form action="waitlist" />);
    const u = user();
    await u.click(screen.getByLabelText('Email'));
    const turnstile = fakeTurnstile();
    loadScript(turnstile.api);
    await settle();
    act(() => turnstile.params().callback!('old'));
    act(() => turnstile.params()['expired-callback']!('old'));
    turnstile.calls.length = 0;
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    expect(turnstile.calls).toEqual(['reset w0', 'execute w0']);
    act(() => turnstile.params().callback!('fresh'));
    await settle();
    expect(result()).toHaveTextContent('token fresh');

    // A token held while the tab slept, its expired-callback not yet run: too old by the clock.
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    act(() => turnstile.params().callback!('fresh-2'));
    await settle();
    act(() => turnstile.params().callback!('held'));
    act(() => jest.setSystemTime(Date.now() + BOT_CHECK_TOKEN_USABLE_MS));
    turnstile.calls.length = 0;
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    expect(turnstile.calls).toEqual(['reset w0', 'execute w0']);
    expect(result()).toHaveTextContent('waiting');
    expect(BOT_CHECK_TOKEN_USABLE_MS).toBeLessThan(BOT_CHECK_TOKEN_LIFETIME_MS);
  });

  it('says the script was blocked when it cannot load, and tries again on the next submit', async () => {
    render(<Form action="waitlist" />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    expect(scripts()).toHaveLength(1);
    act(() => void scripts()[0]!.dispatchEvent(new Event('error')));
    await settle();
    expect(result()).toHaveTextContent('failed script-blocked');
    expect(scripts()).toHaveLength(0);

    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    expect(scripts()).toHaveLength(1);
    const turnstile = fakeTurnstile();
    loadScript(turnstile.api);
    await settle();
    act(() => turnstile.params().callback!('after-retry'));
    await settle();
    expect(result()).toHaveTextContent('token after-retry');
  });

  it('says the script is too slow once its time is up, and not a moment before', async () => {
    render(<Form action="waitlist" />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    await act(async () => void jest.advanceTimersByTime(BOT_CHECK_SCRIPT_TIMEOUT_MS - 1));
    expect(result()).toHaveTextContent('waiting');
    await act(async () => void jest.advanceTimersByTime(1));
    expect(result()).toHaveTextContent('failed script-timeout');
  });

  it('says the script is broken when it loads without a widget API', async () => {
    render(<Form action="waitlist" />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    loadScript(undefined);
    await settle();
    expect(result()).toHaveTextContent('failed script-broken');
  });

  it("passes on Cloudflare's error, and a new submit starts the challenge again", async () => {
    render(<Form action="waitlist" />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    const turnstile = fakeTurnstile();
    loadScript(turnstile.api);
    await settle();
    let handled: unknown;
    act(() => void (handled = turnstile.params()['error-callback']!('600010')));
    await settle();
    expect(result()).toHaveTextContent('failed challenge-failed 600010');
    expect(handled).toBe(true);

    turnstile.calls.length = 0;
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    expect(turnstile.calls).toEqual(['reset w0', 'execute w0']);
  });

  it('gives up on a challenge that gives no token in time, except while the visitor is being asked', async () => {
    render(<Form action="waitlist" />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    const turnstile = fakeTurnstile();
    loadScript(turnstile.api);
    await settle();
    await act(async () => void jest.advanceTimersByTime(BOT_CHECK_CHALLENGE_TIMEOUT_MS - 1));
    expect(result()).toHaveTextContent('waiting');
    await act(async () => void jest.advanceTimersByTime(1));
    expect(result()).toHaveTextContent('failed challenge-timeout');

    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    act(() => turnstile.params()['before-interactive-callback']!());
    await act(async () => void jest.advanceTimersByTime(3 * BOT_CHECK_CHALLENGE_TIMEOUT_MS));
    expect(result()).toHaveTextContent('waiting');
    act(() => turnstile.params()['timeout-callback']!());
    await settle();
    expect(result()).toHaveTextContent('failed interaction-timeout');
  });

  it('keeps a token that came after the submit gave up, for the next submit', async () => {
    render(<Form action="waitlist" />);
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    const turnstile = fakeTurnstile();
    loadScript(turnstile.api);
    await settle();
    await act(async () => void jest.advanceTimersByTime(BOT_CHECK_CHALLENGE_TIMEOUT_MS));
    expect(result()).toHaveTextContent('failed challenge-timeout');
    act(() => turnstile.params().callback!('late'));
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    await settle();
    expect(result()).toHaveTextContent('token late');
  });

  it('refuses at once, loading nothing, when the page has no bot check configured', async () => {
    setRuntimeConfig(BASE);
    render(<Form action="waitlist" />);
    const u = user();
    await u.type(screen.getByLabelText('Email'), 'ada');
    await u.click(screen.getByRole('button', { name: 'Send waitlist' }));
    await settle();
    expect(result()).toHaveTextContent('failed unconfigured');
    expect(scripts()).toHaveLength(0);
  });

  it('tells a waiting submit the form is gone, and takes the widget out', async () => {
    let outcome: unknown;
    function Probe() {
      const { widgetContainer, getToken } = useBotCheck('waitlist');
      return (
        <form>
          <div ref={widgetContainer} />
          <button type="button" onClick={() => getToken().catch((error) => (outcome = error))}>
            Go
          </button>
        </form>
      );
    }
    const view = render(<Probe />);
    await user().click(screen.getByRole('button', { name: 'Go' }));
    const turnstile = fakeTurnstile();
    loadScript(turnstile.api);
    await settle();
    view.unmount();
    await settle();
    expect(outcome).toBeInstanceOf(BotCheckError);
    expect((outcome as BotCheckError).reason).toBe('gone');
    expect(turnstile.calls.at(-1)).toBe('remove w0');
  });
});
