// The part of Cloudflare Turnstile's `window.turnstile` the forms use (explicit rendering:
// https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/), and the local
// stand-in implements (tools/local-supabase/src/turnstile/widget-script.ts).

export interface TurnstileRenderParams {
  sitekey: string;
  action?: string;
  execution?: 'render' | 'execute';
  appearance?: 'always' | 'execute' | 'interaction-only';
  retry?: 'auto' | 'never';
  'refresh-expired'?: 'auto' | 'manual' | 'never';
  'refresh-timeout'?: 'auto' | 'manual' | 'never';
  'response-field'?: boolean;
  callback?: (token: string) => void;
  /** A truthy answer tells Turnstile the error is handled (no console warning). */
  'error-callback'?: (code: string) => boolean | void;
  'expired-callback'?: (token: string) => void;
  'timeout-callback'?: () => void;
  'before-interactive-callback'?: () => void;
  'after-interactive-callback'?: () => void;
  'unsupported-callback'?: () => void;
}

export interface TurnstileApi {
  /** The widget's id. */
  render(container: HTMLElement | string, params: TurnstileRenderParams): string | undefined;
  execute(widget: string | HTMLElement): void;
  reset(widget: string): void;
  remove(widget: string): void;
  getResponse(widget: string): string | undefined;
}

/** The script's global, where it has run. */
export function pageTurnstile(): TurnstileApi | undefined {
  const api = (window as unknown as { turnstile?: Partial<TurnstileApi> }).turnstile;
  return api && typeof api.render === 'function' && typeof api.execute === 'function'
    ? (api as TurnstileApi)
    : undefined;
}
