export {
  prerenderPages,
  selectPages,
  ALL_PAGES,
  PrerenderError,
  type PageSelection,
  type PrerenderedPage,
  type PrerenderOptions,
} from './prerender.ts';
export {
  ERROR_PAGE_FILE,
  ERROR_PAGE_PATH,
  PAGES_RECORD_FILE,
  pageFile,
  readPagesRecord,
} from './page-files.ts';
export { pageHtml, splitHoisted, type RenderedPage } from './html-page.ts';
export {
  runPrerender,
  runPrerenderCommand,
  type PrerenderCommandResult,
  type RunPrerenderOptions,
} from './run-prerender.ts';
