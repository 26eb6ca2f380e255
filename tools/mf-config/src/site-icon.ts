import fs from 'node:fs';
import path from 'node:path';

/**
 * The icon the pages carry: the site's drawing (favicon.svg beside it) at 32 px, as a lossless WebP
 * (992 bytes; the same pixels as a PNG took 1,317).
 */
const SITE_ICON_FILE = path.resolve(
  import.meta.dirname,
  '../../../apps/shell/public/favicon-32.webp',
);

export type SiteIconType = 'image/png' | 'image/webp';

/** The image format of an icon file, from its first bytes. */
export function siteIconType(bytes: Buffer): SiteIconType {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  throw new Error('The site icon is neither a PNG nor a WebP file.');
}

/**
 * The icon for the pages' `<link rel="icon">`: a `data:` URL, and its type for the link's `type`.
 *
 * In the page, not a file: Chromium fetches a page's icon file right after the load event, which on
 * a prerendered page comes before its first paint is on screen, and when that request happened to
 * end before the paint was presented, Lighthouse's simulation counted it as something the paint
 * waited for (50–90 ms of simulated LCP, on either build, on a random share of the loads).
 *
 * A raster image, not the SVG drawing: Chromium draws an SVG icon by building a document for it on
 * the page's main thread (3–20 ms, a long task on a simulated phone); an image is decoded off it.
 * Lossless WebP rather than PNG: the URL is in every page, and each byte of it is a byte of the
 * HTML, 0.34 KB less of each page as sent. The home page's is at the size where one byte more
 * costs a round trip: TCP's first window, 14,600 bytes with the headers (docs/prerendering.md).
 *
 * Search engines that show an icon want a file they can fetch: the pages also link
 * /apple-touch-icon.png, the drawing at 180 px with square corners (phones round them; it is also
 * the home-screen shortcut's icon), which Chromium does not fetch while the page loads.
 * Both icons are rendered from apps/shell/public/favicon.svg: change the three together (a page
 * showing the drawing at the icon's size, `chromium --headless --window-size=32,32
 * --screenshot=favicon-32.png`, with a transparent background for the small one; then
 * `cwebp -lossless -exact -z 9 -metadata none favicon-32.png -o favicon-32.webp`, from Debian's
 * `webp` package).
 */
export function siteIcon(file: string = SITE_ICON_FILE): { href: string; type: SiteIconType } {
  const bytes = fs.readFileSync(file);
  const type = siteIconType(bytes);
  return { href: `data:${type};base64,${bytes.toString('base64')}`, type };
}
