// Counts page views (docs/growth.md): one small request per page view to the record-visit function, with
// the page's path, whether it is the visit's first page, and the visit's source. Nothing identifies the
// visitor. Sent once the page has loaded and the browser is idle, with `keepalive`, by a plain fetch (no
// supabase-js: this runs on every visitor page); whatever happens to it, the page never hears of it.
// Entry-chunk code: stateless imports only.
import { findRoute } from '../site/routes';
import { readAttribution } from './attribution-store';

/** The longest the browser may keep a page view waiting for an idle moment once the page has loaded. */
export const IDLE_TIMEOUT_MS = 10_000;
/** Without requestIdleCallback (Safari): this long after the load event. */
export const IDLE_FALLBACK_MS = 2_000;

interface Backend {
  url: string;
  publishableKey: string;
}

let backend: Backend | undefined;
let landing = false;
const queue: string[] = [];
let scheduled = false;

/** Sends every page view waiting (each its own request, as the function takes one). */
function flush(): void {
  scheduled = false;
  if (!backend) return;
  const { url, publishableKey } = backend;
  for (const body of queue.splice(0)) {
    fetch(`${url}/functions/v1/record-visit`, {
      method: 'POST',
      keepalive: true,
      headers: {
        apikey: publishableKey,
        Authorization: `Bearer ${publishableKey}`,
        'Content-Type': 'application/json',
      },
      body,
    }).catch(() => {
      // A lost page view costs a count, never the page.
    });
  }
}

/** Runs `task` once the page has loaded and the browser has a moment with nothing else to do. */
function whenIdle(task: () => void): void {
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    else window.setTimeout(task, IDLE_FALLBACK_MS);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Starts counting to the backend. `landingPage`: the first page view of this document is the visit's
 * first page (captureAttribution's answer). A page view still waiting when the page is left is sent then.
 */
export function startVisitBeacon(target: Backend, landingPage: boolean): void {
  backend = { url: target.url.replace(/\/+$/, ''), publishableKey: target.publishableKey };
  landing = landingPage;
  window.addEventListener('pagehide', flush);
}

/**
 * Counts a view of `pathname`, for the page's path in the route table. An address that is no page of the
 * site and the staff's pages (the console) send nothing; either still ends the visit's landing.
 */
export function countPageView(pathname: string): void {
  const first = landing;
  landing = false;
  const route = findRoute(pathname);
  if (!backend || !route || route.staffOnly) return;
  const { utm_source, utm_medium, utm_campaign, referrer_host } = readAttribution();
  queue.push(
    JSON.stringify({
      path: route.path,
      landing: first,
      utm_source,
      utm_medium,
      utm_campaign,
      referrer_host,
    }),
  );
  if (scheduled) return;
  scheduled = true;
  whenIdle(flush);
}

/** Forgets everything (tests count many visits in one document). */
export function resetVisitBeacon(): void {
  if (typeof window !== 'undefined') window.removeEventListener('pagehide', flush);
  backend = undefined;
  landing = false;
  queue.length = 0;
  scheduled = false;
}
