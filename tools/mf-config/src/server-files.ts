// The names of the files an app's server build adds to its dist/, for the tools that read them
// (tools/prerender, tools/delivery) without loading the build config itself.

/** Where an app's server build goes, inside its dist/: deployed with the browser build. */
export const SERVER_DIR = 'ssr';
/** A remote's server container, in SERVER_DIR. */
export const SERVER_REMOTE_ENTRY = 'remoteEntry.js';
/** The shell's server build: the one file the prerender loads (in SERVER_DIR). */
export const SHELL_RENDER_FILE = 'render-page.cjs';
/** The shell's HTML page before prerendering, kept next to index.html: the prerender's template. */
export const PAGE_TEMPLATE_FILE = 'page-template.html';
