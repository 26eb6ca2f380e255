import { expect, type Locator, type Page } from '@playwright/test';
import { findRoute, hydrationOf } from '@agentora/data/routes';

/**
 * The pages no visitor is meant to find (SiteRoute.noindex): those of our mail's links, opened with
 * the link's token, and the console.
 */
export const isUnlistedPage = (path: string) => findRoute(path)?.noindex === true;
/** A token of the mail links' length: the unlisted pages are opened with it, as their links open them. */
export const LINK_TOKEN = 'x'.repeat(43);

/**
 * The pages whose code takes over at load (SiteRoute.hydrateAtLoad), or as their mail link opens them
 * (the place page reads the place at once): tested on their own (e2e/shell's prerendered-pages spec,
 * and e2e/site's growth spec), not by the hydration test of every route.
 */
export const takesOverAtLoad = (path: string) => {
  const route = findRoute(path);
  if (!route) return false;
  return (
    route.hydrateAtLoad === true ||
    (isUnlistedPage(path) && hydrationOf(route, `?token=${LINK_TOKEN}`) === 'at-load')
  );
};

/**
 * Whether the hydration test of every route (e2e/shell's prerendered-pages spec) opens this route at
 * its own address, no query: then it also checks what the route table did in a visit of its own
 * (site.ts, expectRoutePage). An unlisted page is opened there with its link's token, another page.
 */
export const hydrationTestOpensAsIs = (path: string) =>
  !takesOverAtLoad(path) && !isUnlistedPage(path);

interface ServerDom {
  /** Every element of #root at DOMContentLoaded, as the server sent it. */
  elements: Element[];
  known: WeakSet<Element>;
  /** The elements around the parts that wait for the viewport: they may fill in later, by design. */
  nearViewportAreas: Element[];
}

/**
 * Remembers every element of #root as the server sent it, in the page's memory (marking them with an
 * attribute would itself be a difference React reports). Runs before the page's scripts.
 */
export async function rememberServerElements(page: Page): Promise<void> {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const elements = Array.from(document.querySelectorAll('#root, #root *'));
      const dom: ServerDom = {
        elements,
        known: new WeakSet(elements),
        nearViewportAreas: Array.from(document.querySelectorAll('[data-waiting-for-viewport]')).map(
          (placeholder) => placeholder.parentElement!,
        ),
      };
      (window as unknown as { __serverDom: ServerDom }).__serverDom = dom;
    });
  });
}

/**
 * How the DOM differs from the server's: server elements React threw away, and elements it made
 * (tag#id.class). The placeholders of near-viewport parts, and what replaces them, do not count.
 */
export function differencesFromServer(page: Page): Promise<{ dropped: string[]; made: string[] }> {
  return page.evaluate(() => {
    const dom = (window as unknown as { __serverDom: ServerDom }).__serverDom;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${typeof element.className === 'string' && element.className ? `.${element.className.split(' ').join('.')}` : ''}`;
    const nearViewport = (element: Element) =>
      dom.nearViewportAreas.some((area) => area !== element && area.contains(element));
    return {
      dropped: dom.elements
        .filter(
          (element) => !element.isConnected && !element.matches('[data-waiting-for-viewport]'),
        )
        .map(describe),
      made: Array.from(document.querySelectorAll('#root *'))
        .filter((element) => !dom.known.has(element) && !nearViewport(element))
        .map(describe),
    };
  });
}

/**
 * Resolves once React has hydrated the element `selector` finds: React keeps its props on the
 * elements it owns. (A test-only look at React's bookkeeping: nothing in the page exposes it.)
 */
export async function waitForHydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((found) => {
    const element = document.querySelector(found);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  }, selector);
}

/**
 * Resolves once React has hydrated the element `locator` finds, as waitForHydrated does. A form's
 * handlers (its bot check's first touch, say) see only the events that come after this.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() =>
      locator.evaluate((element) =>
        Object.keys(element).some((key) => key.startsWith('__reactProps$')),
      ),
    )
    .toBe(true);
}

/** Server elements inside `selector` (header, footer) that are no longer in the document. */
export function droppedServerElementsIn(page: Page, selector: string): Promise<number> {
  return page.evaluate((within) => {
    const dom = (window as unknown as { __serverDom: ServerDom }).__serverDom;
    return dom.elements.filter((element) => element.closest(within) && !element.isConnected).length;
  }, selector);
}
