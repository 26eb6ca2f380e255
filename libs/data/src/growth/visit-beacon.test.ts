import { ATTRIBUTION_KEY, resetAttribution } from './attribution-store';
import {
  IDLE_FALLBACK_MS,
  IDLE_TIMEOUT_MS,
  countPageView,
  resetVisitBeacon,
  startVisitBeacon,
} from './visit-beacon';

const BACKEND = { url: 'https://abc.supabase.co/', publishableKey: 'sb_publishable_x' };

let send: jest.SpyInstance;
let readyState: DocumentReadyState;

function sent() {
  return send.mock.calls.map(([url, init]: [string, RequestInit]) => ({
    url,
    method: init.method,
    keepalive: init.keepalive,
    headers: init.headers,
    body: JSON.parse(init.body as string),
  }));
}
const bodies = () => sent().map(({ body }) => body);

/** A browser with requestIdleCallback, whose idle moments the test hands out. */
function withIdleCallbacks() {
  const waiting: Array<{ task: () => void; timeout?: number }> = [];
  Object.defineProperty(window, 'requestIdleCallback', {
    configurable: true,
    value: (task: () => void, options?: { timeout?: number }) => {
      waiting.push({ task, timeout: options?.timeout });
      return waiting.length;
    },
  });
  return waiting;
}

beforeEach(() => {
  jest.useFakeTimers();
  readyState = 'complete';
  jest.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  send = jest
    .spyOn(globalThis, 'fetch')
    .mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
  window.sessionStorage.clear();
  resetAttribution();
});
afterEach(() => {
  resetVisitBeacon();
  delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
  jest.restoreAllMocks();
  jest.useRealTimers();
});

it('sends one page view once the browser is idle: path, landing and the visit’s source, no more', () => {
  window.sessionStorage.setItem(
    ATTRIBUTION_KEY,
    JSON.stringify({
      utm_source: 'newsletter',
      utm_campaign: 'launch',
      referrer_host: 'mail.example.com',
      landing_path: '/blog',
      referred_by: '0123456789abcdef',
    }),
  );
  const idle = withIdleCallbacks();
  startVisitBeacon(BACKEND, true);
  countPageView('/blog/');
  expect(send).not.toHaveBeenCalled();
  expect(idle).toEqual([{ task: expect.any(Function), timeout: IDLE_TIMEOUT_MS }]);
  idle[0]!.task();
  expect(sent()).toEqual([
    {
      url: 'https://abc.supabase.co/functions/v1/record-visit',
      method: 'POST',
      keepalive: true,
      headers: {
        apikey: 'sb_publishable_x',
        Authorization: 'Bearer sb_publishable_x',
        'Content-Type': 'application/json',
      },
      // The route's own path; the landing page and the referral code stay out of it.
      body: {
        path: '/blog',
        landing: true,
        utm_source: 'newsletter',
        utm_campaign: 'launch',
        referrer_host: 'mail.example.com',
      },
    },
  ]);
});

it('waits for the load event, then for an idle moment (a timer where the browser has no idle callback)', () => {
  readyState = 'loading';
  startVisitBeacon(BACKEND, false);
  countPageView('/');
  jest.advanceTimersByTime(IDLE_FALLBACK_MS * 10);
  expect(send).not.toHaveBeenCalled();
  readyState = 'complete';
  window.dispatchEvent(new Event('load'));
  jest.advanceTimersByTime(IDLE_FALLBACK_MS - 1);
  expect(send).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(bodies()).toEqual([{ path: '/', landing: false }]);
});

it('counts only the first page view of the document that started the visit as its landing', () => {
  startVisitBeacon(BACKEND, true);
  countPageView('/');
  countPageView('/careers');
  countPageView('/');
  jest.advanceTimersByTime(IDLE_FALLBACK_MS);
  // Views made before the idle moment go together, each its own request.
  expect(bodies()).toEqual([
    { path: '/', landing: true },
    { path: '/careers', landing: false },
    { path: '/', landing: false },
  ]);
});

it('sends nothing for the console, or for an address that is no page, and those end the landing', () => {
  startVisitBeacon(BACKEND, true);
  countPageView('/console');
  countPageView('/no-such-page');
  countPageView('/about');
  jest.advanceTimersByTime(IDLE_FALLBACK_MS);
  expect(bodies()).toEqual([{ path: '/about', landing: false }]);
});

it('sends a view still waiting when the page is left, and only once', () => {
  const idle = withIdleCallbacks();
  startVisitBeacon(BACKEND, false);
  countPageView('/coming-soon');
  window.dispatchEvent(new Event('pagehide'));
  expect(bodies()).toEqual([{ path: '/coming-soon', landing: false }]);
  idle[0]!.task();
  expect(send).toHaveBeenCalledTimes(1);
});

it('never lets a failed request reach the page', async () => {
  send.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
  startVisitBeacon(BACKEND, false);
  countPageView('/');
  jest.advanceTimersByTime(IDLE_FALLBACK_MS);
  await Promise.resolve();
  expect(send).toHaveBeenCalledTimes(1);
});

it('sends nothing before the backend is known', () => {
  countPageView('/');
  jest.advanceTimersByTime(IDLE_TIMEOUT_MS);
  expect(send).not.toHaveBeenCalled();
});
