import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setRuntimeConfig, type RuntimeConfig } from '@agentora/data';
import { App } from './app/App';
import { StartupFailure } from './app/StartupFailure';

/** Renders the site once the runtime config is read (startRemotes, in the entry chunk). */
export async function start(remotesStarted: Promise<RuntimeConfig>): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  try {
    setRuntimeConfig(await remotesStarted);
  } catch (error) {
    console.error('[shell] could not read the runtime config:', error);
    root.render(<StartupFailure />);
    return;
  }
  // A transition renders the first page in short slices instead of one long task, so the main
  // thread stays free for input (and for the remote modules' scripts) while the page builds.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
