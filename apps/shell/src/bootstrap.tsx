import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { setRuntimeConfig, type RuntimeConfig } from '@agentora/data';
import { App } from './app/App';
import { StartupFailure } from './app/StartupFailure';
import { StaleMarkupError } from './federation/part-versions';
import { markFirstScreenSettled } from './federation/first-screen';
import { nextTask } from './start-in-steps';

/**
 * Hydration errors React recovers from by rendering a part on the client. A stale prerendered part
 * (a remote deployed after the page was rendered) is expected and said quietly; anything else is a
 * bug worth an error in the console.
 */
function onRecoverableError(error: unknown, info: { componentStack?: string }): void {
  const stale =
    error instanceof StaleMarkupError
      ? error
      : error instanceof Error && error.cause instanceof StaleMarkupError
        ? error.cause
        : undefined;
  if (stale) {
    console.info(`[shell] rendering a part anew: ${stale.message}`);
    return;
  }
  console.error('[shell] recovered from a hydration error:', error, info.componentStack ?? '');
}

/**
 * Renders the site once the runtime config is read (startRemotes, in the entry chunk), or, on a
 * prerendered page, adopts the HTML already on screen.
 */
export async function start(
  remotesStarted: Promise<RuntimeConfig>,
  prerendered: boolean,
): Promise<void> {
  const container = document.getElementById('root')!;
  let config: RuntimeConfig;
  try {
    config = await remotesStarted;
  } catch (error) {
    console.error('[shell] could not read the runtime config:', error);
    // A prerendered page still reads and navigates as plain HTML; an empty one says what happened.
    if (!prerendered) createRoot(container).render(<StartupFailure />);
    return;
  }
  setRuntimeConfig(config);
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  // In a transition, the first render (or hydration) runs in short slices instead of one long
  // task, so the main thread stays free for input and for the remote modules' scripts.
  if (prerendered) {
    // The first screen is the one the visitor sees already: parts further down may load as the
    // visitor scrolls near them, without waiting for the page's own part (first-screen.ts).
    markFirstScreenSettled();
    await nextTask();
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError });
    });
    return;
  }
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
