// The three ways a host of the site lets its answers be kept (docs/deploying-the-site.md, "Caching,
// CORS and the other headers"). Imported by the header rules (Node) and by the Worker that answers
// misses (workerd), so this file imports nothing.

/**
 * A file whose name carries its content hash (`[name].[contenthash].js`, tools/mf-config) never
 * changes: browsers and the CDN may keep it for a year without asking again.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Every other file names "the current version" and must be revalidated on every use, or a release
 * would not be picked up: pages, `mf-manifest.json`, `remoteEntry.js`, `runtime-config.json`,
 * `federation-runtime.js`, the social cards, the feed. No rule sets it: it is the host's own default
 * for static assets (with an ETag, so a revalidation costs a 304). A host with another default must
 * send it for every file the immutable rule does not match.
 */
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * An address no file answers: kept by no browser or cache. The file may be there a moment later (a
 * new version still spreading across the host's locations), and a 404 kept under the immutable rule
 * would outlive it by a year.
 */
export const NO_STORE = 'no-store';
