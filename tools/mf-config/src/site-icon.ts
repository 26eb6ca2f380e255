import fs from 'node:fs';
import path from 'node:path';

/** The icon the pages carry: the site's drawing (favicon.svg beside it) as a 32 px PNG. */
const SITE_ICON_FILE = path.resolve(
  import.meta.dirname,
  '../../../apps/shell/public/favicon-32.png',
);

/**
 * The icon as a `data:` URL for the pages' `<link rel="icon">`.
 *
 * In the page, not a file: Chromium fetches a page's icon file right after the load event, which on
 * a prerendered page comes before its first paint is on screen, and when that request happened to
 * end before the paint was presented, Lighthouse's simulation counted it as something the paint
 * waited for (50–90 ms of simulated LCP, on either build, on a random share of the loads).
 *
 * A PNG, not the SVG drawing: Chromium draws an SVG icon by building a document for it on the
 * page's main thread (3–20 ms, a long task on a simulated phone); a PNG is decoded off it.
 *
 * Search engines that show an icon want a file they can fetch: the pages also link
 * /apple-touch-icon.png, the drawing at 180 px with square corners (phones round them; it is also
 * the home-screen shortcut's icon), which Chromium does not fetch while the page loads.
 * Both PNGs are rendered from apps/shell/public/favicon.svg: change the three together (a page
 * showing the drawing at the PNG's size, `chromium --headless --window-size=32,32
 * --screenshot=favicon-32.png`, with a transparent background for the small one).
 */
export function siteIconDataUrl(file: string = SITE_ICON_FILE): string {
  return `data:image/png;base64,${fs.readFileSync(file).toString('base64')}`;
}
