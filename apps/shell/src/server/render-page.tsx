import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { ServerStyleSheet } from 'styled-components';
import { setRuntimeConfig, type RuntimeConfig } from '@agentora/data';
import { findRoute } from '@agentora/data/routes';
import type { ExposedModuleRef } from '@agentora/contracts';
import { Site } from '../app/App';
import { loadExposed, registerSiteRemotes } from '../federation/remote-loader';
import {
  partVersion,
  prerenderedPartsScript,
  takeServerRenderedParts,
} from '../federation/part-versions';

export interface RenderedPage {
  /** The markup of #root. React puts the page's <title>, <meta> and <link> tags first. */
  html: string;
  /** styled-components' <style> tag with every rule the page uses. */
  styleTags: string;
  /** `remote/Module` → version of each remote module in the HTML (federation/part-versions.ts). */
  parts: Record<string, string>;
  /** The script that tells the browser those versions; it goes right after #root. */
  partsScript: string;
}

/** A page could not be rendered from the remotes: the prerender stops rather than write it. */
export class RenderError extends Error {
  override name = 'RenderError';
}

let registeredRemotes: string | undefined;

function register(config: RuntimeConfig): void {
  setRuntimeConfig(config);
  const key = JSON.stringify(config.remotes);
  if (registeredRemotes === key) return;
  registerSiteRemotes(config.remotes);
  registeredRemotes = key;
}

/** Loads the page's module first, so a remote that is down fails the render with its name. */
async function loadPageModule(
  path: string,
  page: ExposedModuleRef,
  config: RuntimeConfig,
): Promise<void> {
  try {
    await loadExposed(page.remote, page.expose as never);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RenderError(
      `${path}: the "${page.remote}" remote (${config.remotes[page.remote]}) could not be loaded: ${reason}`,
      { cause: error },
    );
  }
}

/**
 * Renders the page at `path` with the remotes the config names. Waits for every part that renders
 * on the first screen (parts loading near the viewport keep their placeholders, as in the browser),
 * and fails, instead of writing a "temporarily unavailable" box into a page, when one cannot load.
 */
export async function renderPage(path: string, config: RuntimeConfig): Promise<RenderedPage> {
  register(config);
  takeServerRenderedParts();
  const route = findRoute(path);
  if (route) await loadPageModule(path, route.page, config);
  const AtPath = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={path}>{children}</StaticRouter>
  );
  const sheet = new ServerStyleSheet();
  try {
    const errors: unknown[] = [];
    const { prelude } = await prerenderToNodeStream(
      sheet.collectStyles(
        <StrictMode>
          <Site Router={AtPath} />
        </StrictMode>,
      ),
      {
        onError: (error) => void errors.push(error),
        // One piece: a large boundary would otherwise be sent hidden after the rest and revealed by
        // an inline script, batched up to 300 ms later, which delays the page's first paint.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      },
    );
    let html = '';
    for await (const chunk of prelude) html += chunk.toString();
    if (errors.length > 0) {
      const reason = errors[0] instanceof Error ? errors[0].message : String(errors[0]);
      throw new RenderError(`${path}: a part failed while rendering: ${reason}`, {
        cause: errors[0],
      });
    }
    const parts: Record<string, string> = {};
    for (const id of takeServerRenderedParts().sort()) {
      const version = partVersion(id);
      if (version) parts[id] = version;
    }
    return {
      html,
      styleTags: sheet.getStyleTags(),
      parts,
      partsScript: prerenderedPartsScript(parts),
    };
  } finally {
    sheet.seal();
  }
}
