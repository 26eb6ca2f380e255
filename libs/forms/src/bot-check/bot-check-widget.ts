import { BOT_CHECK_TOKEN_LIFETIME_MS } from '@agentora/backend-rules/bot-check';
import { BotCheckError } from './bot-check-error';
import { loadTurnstile } from './load-turnstile';
import type { TurnstileApi } from './turnstile-api';

/** How long a challenge that asks nothing of the visitor may take to give a token. */
export const BOT_CHECK_CHALLENGE_TIMEOUT_MS = 20_000;
/**
 * A token this old is not handed out: it must still be valid when the sign-up's function checks it, a
 * request later. Counted on the clock, since a background tab's timers (expired-callback's) run late.
 */
export const BOT_CHECK_TOKEN_USABLE_MS = BOT_CHECK_TOKEN_LIFETIME_MS - 30_000;

export interface BotCheckWidgetOptions {
  sitekey: string;
  scriptUrl: string;
  /** The form's action (botCheckAction of its list): siteverify answers it back. */
  action: string;
  /** Where the widget goes: shown there only when Cloudflare needs the visitor to interact. */
  container: () => HTMLElement | null;
  scriptTimeoutMs?: number;
  challengeTimeoutMs?: number;
}

interface Waiting {
  promise: Promise<string>;
  resolve: (token: string) => void;
  reject: (error: BotCheckError) => void;
}

/**
 * One form's Turnstile widget: rendered invisibly (Managed mode, `interaction-only`, `execution:
 * 'execute'`) into the form's container, and executed on demand. Each token is handed out once; a token
 * solved ahead of the submit is kept until it is too old to use.
 */
export class BotCheckWidget {
  private readonly options: BotCheckWidgetOptions;
  private widget: Promise<{ api: TurnstileApi; id: string }> | undefined;
  private held: { token: string; at: number } | undefined;
  private waiting: Waiting | undefined;
  private running = false;
  private timer: number | undefined;
  private disposed = false;

  constructor(options: BotCheckWidgetOptions) {
    this.options = options;
  }

  /** The visitor touched the form: load, render and run the challenge now, so the submit finds a token. */
  prepare(): void {
    if (this.widget || this.disposed) return;
    this.rendered()
      .then(() => this.run())
      // Kept for the submit: getToken tries again and says why.
      .catch(() => undefined);
  }

  /** A token for one submit, or a BotCheckError saying why there is none. */
  async getToken(): Promise<string> {
    if (this.disposed) throw new BotCheckError('gone');
    const { api, id } = await this.rendered();
    const held = this.held;
    this.held = undefined;
    if (held && Date.now() - held.at < BOT_CHECK_TOKEN_USABLE_MS) {
      // Single use: the next submit runs a new challenge.
      api.reset(id);
      return held.token;
    }
    return this.wait().promise;
  }

  /** The form went away: the widget leaves the page, and a submit still waiting is told so. */
  dispose(): void {
    this.disposed = true;
    this.stopTimer();
    this.fail(new BotCheckError('gone'));
    void this.widget?.then(({ api, id }) => api.remove(id)).catch(() => undefined);
  }

  private rendered(): Promise<{ api: TurnstileApi; id: string }> {
    this.widget ??= this.render().catch((error: unknown) => {
      // Not kept: the next call loads and renders again.
      this.widget = undefined;
      throw error;
    });
    return this.widget;
  }

  private async render(): Promise<{ api: TurnstileApi; id: string }> {
    const api = await loadTurnstile(this.options.scriptUrl, this.options.scriptTimeoutMs);
    if (this.disposed) throw new BotCheckError('gone');
    const container = this.options.container();
    if (!container) throw new BotCheckError('unconfigured');
    let id: string | undefined;
    try {
      id = api.render(container, {
        sitekey: this.options.sitekey,
        action: this.options.action,
        execution: 'execute',
        appearance: 'interaction-only',
        // The form decides when to try again, and how long a token lives: no challenge of its own.
        retry: 'never',
        'refresh-expired': 'never',
        'refresh-timeout': 'never',
        'response-field': false,
        callback: (token) => this.solved(token),
        'error-callback': (code) => {
          this.fail(new BotCheckError('challenge-failed', String(code)));
          return true;
        },
        'expired-callback': () => {
          this.held = undefined;
        },
        'timeout-callback': () => this.fail(new BotCheckError('interaction-timeout')),
        'unsupported-callback': () => this.fail(new BotCheckError('unsupported')),
        // The visitor is being asked: no timer of ours while they answer (the widget has its own).
        'before-interactive-callback': () => this.stopTimer(),
        'after-interactive-callback': () => this.startTimer(),
      });
    } catch {
      throw new BotCheckError('script-broken');
    }
    if (typeof id !== 'string') throw new BotCheckError('script-broken');
    return { api, id };
  }

  /** The submit's wait for the next token, starting a challenge unless one is running. */
  private wait(): Waiting {
    if (!this.waiting) {
      let resolve!: (token: string) => void;
      let reject!: (error: BotCheckError) => void;
      const promise = new Promise<string>((ok, fail) => {
        resolve = ok;
        reject = fail;
      });
      this.waiting = { promise, resolve, reject };
    }
    const waiting = this.waiting;
    if (!this.running) {
      this.run().catch((error: unknown) =>
        this.fail(error instanceof BotCheckError ? error : new BotCheckError('script-broken')),
      );
    } else if (this.timer === undefined) this.startTimer();
    return waiting;
  }

  private async run(): Promise<void> {
    if (this.disposed || this.running) return;
    const { api, id } = await this.rendered();
    this.running = true;
    try {
      // A widget that ran before (solved, expired, failed) must be reset before it runs again.
      api.reset(id);
      api.execute(id);
    } catch {
      this.running = false;
      throw new BotCheckError('script-broken');
    }
    if (this.waiting) this.startTimer();
  }

  private solved(token: string): void {
    this.running = false;
    this.stopTimer();
    const waiting = this.waiting;
    this.waiting = undefined;
    if (!waiting) {
      this.held = { token, at: Date.now() };
      return;
    }
    void this.widget?.then(({ api, id }) => api.reset(id));
    waiting.resolve(token);
  }

  private fail(error: BotCheckError): void {
    this.running = false;
    this.stopTimer();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }

  private startTimer(): void {
    this.stopTimer();
    this.timer = window.setTimeout(
      () => this.fail(new BotCheckError('challenge-timeout')),
      this.options.challengeTimeoutMs ?? BOT_CHECK_CHALLENGE_TIMEOUT_MS,
    );
  }

  private stopTimer(): void {
    window.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
