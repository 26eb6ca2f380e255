// Puts one rendered page into the shell's HTML template (the build's page-template.html).

/** What the shell's server build returns for a page (apps/shell/src/server/render-page.tsx). */
export interface RenderedPage {
  /** #root's markup; React writes the page's <title>, <meta> and <link> tags first. */
  html: string;
  /** styled-components' <style> tag with the rules the page uses. */
  styleTags: string;
  /** `remote/Module` → version of each remote module in the markup. */
  parts: Record<string, string>;
  /** The script listing those versions, for the browser: goes right after #root. */
  partsScript: string;
}

const HOISTED_TAG = /^(?:<title>[^<]*<\/title>|<meta [^>]*>|<link [^>]*>)/;

/**
 * Splits React's leading run of <title>, <meta> and <link> tags off the markup. Rendering a tree
 * that is not the whole document, React writes them first; they belong in <head>, where browsers
 * and crawlers read them and where React finds them again when it hydrates.
 */
export function splitHoisted(html: string): { head: string; body: string } {
  let body = html;
  let head = '';
  for (let match = HOISTED_TAG.exec(body); match; match = HOISTED_TAG.exec(body)) {
    head += match[0];
    body = body.slice(match[0].length);
  }
  return { head, body };
}

function replaceOnce(
  html: string,
  search: string | RegExp,
  replacement: string,
  what: string,
): string {
  const found = typeof search === 'string' ? html.includes(search) : search.test(html);
  if (!found)
    throw new Error(`The page template has no ${what}: is it the shell's page-template.html?`);
  return html.replace(search, () => replacement);
}

/**
 * The page's HTML: the template with the page's head tags in place of its <title>, the styles in
 * <head>, the markup in #root followed by the list of module versions, and without the <noscript>
 * notice (the page reads without JavaScript now).
 */
export function pageHtml(template: string, page: RenderedPage): string {
  const { head, body } = splitHoisted(page.html);
  let html = template;
  html = replaceOnce(html, /<title>[^<]*<\/title>/, head, '<title>');
  html = replaceOnce(html, '</head>', `${page.styleTags}</head>`, '</head>');
  html = replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root">${body}</div>${page.partsScript}`,
    'empty <div id="root">',
  );
  return html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
}
