import type { Page } from 'playwright-core';

/** react-dom's client bundle stores its root under this key; no other package contains the string. */
export const REACT_DOM_CLIENT_MARKER = '__reactContainer$';
/** supabase-js sends `X-Client-Info: supabase-js/<version>`; the literal survives minification. */
export const SUPABASE_JS_MARKER = 'supabase-js';

export interface LoadedScript {
  url: string;
  /** Encoded (compressed) body bytes as received. */
  transferBytes: number;
  body: string;
}

export interface ScriptTracker {
  /** Every script response finished so far (waits for the ones still being read). */
  scripts(): Promise<LoadedScript[]>;
  /** console.error messages and uncaught exceptions. */
  errors: string[];
}

/** Records every script the page loads, with its body, from now on. */
export function trackScripts(page: Page): ScriptTracker {
  const pending: Array<Promise<LoadedScript | undefined>> = [];
  const errors: string[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return undefined;
        const [sizes, body] = await Promise.all([request.sizes(), response.body()]);
        return {
          url: request.url(),
          transferBytes: sizes.responseBodySize,
          body: body.toString('utf8'),
        };
      })().catch(() => undefined),
    );
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return {
    errors,
    scripts: async () =>
      (await Promise.all(pending)).filter((script): script is LoadedScript => script !== undefined),
  };
}

export function scriptsContaining(
  scripts: readonly LoadedScript[],
  marker: string,
): LoadedScript[] {
  return scripts.filter((script) => script.body.includes(marker));
}

/** Mobile emulation as Lighthouse's default (Moto G Power): so the page loads what Lighthouse saw. */
export const MOBILE_VIEWPORT = {
  name: 'mobile 412×823',
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
export const DESKTOP_VIEWPORT = {
  name: 'desktop 1280×800',
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  isMobile: false,
  hasTouch: false,
};

/** Loads a route and waits until the remotes have rendered (network quiet, fonts ready). */
export async function loadRoute(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'networkidle', timeout: 45_000 });
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}
