import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchRuntimeConfig, setRuntimeConfig } from '@agentora/data';
import { App } from './app/App';
import { StartupFailure } from './app/StartupFailure';
import { preloadParts, registerSiteRemotes } from './federation/remote-loader';
import { FRAME_PARTS, partsForPath } from './routes/route-parts';

async function start() {
  const root = createRoot(document.getElementById('root')!);
  try {
    const config = await fetchRuntimeConfig('/runtime-config.json');
    setRuntimeConfig(config);
    registerSiteRemotes(config.remotes);
    preloadParts([...partsForPath(window.location.pathname), ...FRAME_PARTS]);
  } catch (error) {
    console.error('[shell] could not read the runtime config:', error);
    root.render(<StartupFailure />);
    return;
  }
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
