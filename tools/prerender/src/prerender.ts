// Renders the site's pages through the shell's server build (ssr/render-page.cjs, deployed with the
// shell), which loads each remote's server code from the manifest URLs of the runtime config: the
// same remotes, at the same addresses, that the browser will load. Nothing is built here, so after a
// remote's deploy this refreshes its pages with its new code, the shell's files untouched.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { RemoteName } from '@agentora/contracts/apps';
import { findRoute, SITE_PATHS } from '@agentora/data/routes';
import type { RuntimeConfig } from '@agentora/data/runtime-config';
import {
  PAGE_TEMPLATE_FILE,
  SERVER_DIR,
  SHELL_RENDER_FILE,
} from '@agentora/mf-config/server-files';
import { pageHtml, type RenderedPage } from './html-page.ts';
import {
  ERROR_PAGE_PATH,
  pageFile,
  readPagesRecord,
  writeAtomically,
  writePagesRecord,
  type PagesRecord,
} from './page-files.ts';

/** Which pages to render: all of them (a shell deploy), those showing some remotes, or a list. */
export type PageSelection =
  | { all: true }
  | { remote: RemoteName }
  | { remotes: readonly RemoteName[]; errorPage?: boolean }
  | { paths: readonly string[] };

/** Every page of the site: each route of the table, and the error page. */
export const ALL_PAGES: readonly string[] = [...SITE_PATHS, ERROR_PAGE_PATH];

/**
 * The pages a selection names. A remote's pages are the routes whose page module it owns, and any
 * page whose last render showed one of its modules (a section it lends to another page).
 */
export function selectPages(selection: PageSelection, record: PagesRecord): string[] {
  if ('paths' in selection) return [...selection.paths];
  if ('all' in selection) return [...ALL_PAGES];
  const remotes: readonly RemoteName[] =
    'remote' in selection ? [selection.remote] : selection.remotes;
  const errorPage = 'errorPage' in selection && selection.errorPage === true;
  return ALL_PAGES.filter(
    (page) =>
      (errorPage && page === ERROR_PAGE_PATH) ||
      remotes.some(
        (remote) =>
          findRoute(page)?.page.remote === remote ||
          Object.keys(record[page]?.parts ?? {}).some((id) => id.startsWith(`${remote}/`)),
      ),
  );
}

export interface PrerenderOptions {
  /** The shell's folder as the host serves it (its build: page template, ssr/); pages go there. */
  shellDir: string;
  runtimeConfig: RuntimeConfig;
  selection: PageSelection;
  log?: (line: string) => void;
}

export interface PrerenderedPage {
  path: string;
  file: string;
  bytes: number;
  parts: Record<string, string>;
  ms: number;
}

export class PrerenderError extends Error {
  override name = 'PrerenderError';
}

type RenderPage = (path: string, config: RuntimeConfig) => Promise<RenderedPage>;

function loadRenderer(shellDir: string): RenderPage {
  const file = path.join(shellDir, SERVER_DIR, SHELL_RENDER_FILE);
  if (!fs.existsSync(file))
    throw new PrerenderError(
      `${file} is missing: the shell's production build (with its server build) must be deployed there first.`,
    );
  return (createRequire(import.meta.url)(file) as { renderPage: RenderPage }).renderPage;
}

/**
 * Renders the selected pages, then writes them. Every page is rendered before any is written: when
 * one fails (a remote is down, a part throws), nothing changes on the host and the error says why.
 */
export async function prerenderPages(options: PrerenderOptions): Promise<PrerenderedPage[]> {
  const { shellDir, runtimeConfig, log = () => {} } = options;
  const templateFile = path.join(shellDir, PAGE_TEMPLATE_FILE);
  if (!fs.existsSync(templateFile))
    throw new PrerenderError(
      `${templateFile} is missing: deploy the shell's production build there first.`,
    );
  const template = fs.readFileSync(templateFile, 'utf8');
  const record = readPagesRecord(shellDir);
  const pages = selectPages(options.selection, record);
  const renderPage = loadRenderer(shellDir);

  const rendered: Array<PrerenderedPage & { html: string }> = [];
  for (const page of pages) {
    const started = performance.now();
    let result: RenderedPage;
    try {
      result = await renderPage(page, runtimeConfig);
    } catch (error) {
      throw new PrerenderError(
        `Could not prerender ${page}, nothing was written. ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const html = pageHtml(template, result);
    rendered.push({
      path: page,
      file: pageFile(page),
      bytes: Buffer.byteLength(html),
      parts: result.parts,
      ms: Math.round(performance.now() - started),
      html,
    });
  }

  const renderedAt = new Date().toISOString();
  for (const page of rendered) {
    writeAtomically(shellDir, page.file, page.html);
    record[page.path] = { file: page.file, parts: page.parts, renderedAt };
    const parts = Object.entries(page.parts)
      .map(([id, version]) => `${id}@${version}`)
      .join(' ');
    log(
      `prerendered ${page.path.padEnd(16)} → ${page.file.padEnd(24)} ${(page.bytes / 1024).toFixed(1).padStart(6)} KiB  ${String(page.ms).padStart(5)} ms  ${parts}`,
    );
  }
  writePagesRecord(shellDir, record);
  return rendered.map(({ html: _html, ...page }) => page);
}
