import fs from 'node:fs';
import path from 'node:path';

/** The site's icon, drawn once: the shell serves it as a file too (/favicon.svg). */
const SITE_ICON_FILE = path.resolve(
  import.meta.dirname,
  '../../../apps/shell/public/favicon.svg',
);

/**
 * The icon as a `data:` URL for the pages' `<link rel="icon">`.
 *
 * Chromium fetches a page's icon file right after the page's load event, which on a prerendered
 * page comes before its first paint is on screen. That request is no use to the visitor, and
 * Lighthouse's simulation counted it, when it happened to finish before the paint, as work the
 * paint waited for (about 50–90 ms of simulated LCP on a random third of the loads). In the page
 * the icon costs about 0.5 KB of HTML and no request. Search engines that show an icon want a file
 * they can fetch: the pages also link /apple-touch-icon.png, the same drawing as a 180 px PNG
 * (which phones use for a home-screen shortcut); Chromium does not fetch it as the page loads.
 */
export function siteIconDataUrl(file: string = SITE_ICON_FILE): string {
  const svg = fs.readFileSync(file, 'utf8').trim();
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}
