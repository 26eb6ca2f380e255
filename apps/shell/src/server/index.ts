// Entry of the shell's server build (tools/mf-config/src/server-config.ts): what the prerender
// (tools/prerender) loads. The dynamic import is the async boundary that lets Module Federation
// negotiate the shared singletons before any of them runs, as src/index.ts does in the browser.
import type { RuntimeConfig } from '@agentora/data/runtime-config';
import type { RenderedPage } from './render-page';

export type { RenderedPage };

/** Renders the page at `path` (a route of the table, or any other path: the error page). */
export async function renderPage(path: string, config: RuntimeConfig): Promise<RenderedPage> {
  const { renderPage: render } = await import('./render-page');
  return render(path, config);
}
