// The one way to reach the backend (client.ts): functions called by name with the runtime config's
// address and key, their refusals read into one error, and lazy clients with their own auth options.
import { setRuntimeConfig } from '../runtime-config/runtime-config';
import {
  callFunction,
  callJsonFunction,
  failureOf,
  FunctionError,
  functionUrl,
  lazySupabaseClient,
} from './client';
import { BackendError } from './backend-error';

const mockCreateClient = jest.fn((url: string, key: string, options: object) => ({
  url,
  key,
  options,
}));
jest.mock('@supabase/supabase-js', () => ({
  createClient: (url: string, key: string, options: object) => mockCreateClient(url, key, options),
}));

const API = 'https://project.supabase.co';
const KEY = 'sb_publishable_test';
const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();

function useBackend(url = API, publishableKey = KEY) {
  setRuntimeConfig({
    remotes: {
      content: 'https://agentora.ai/c',
      signups: 'https://agentora.ai/s',
      careers: 'https://agentora.ai/k',
      backoffice: 'https://agentora.ai/l',
    },
    supabase: { url, publishableKey },
  });
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

beforeEach(() => {
  useBackend();
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('callFunction', () => {
  it('posts JSON to the function with the publishable key', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await callFunction('confirm-email', { body: { token: 't' } });
    expect(fetchMock).toHaveBeenCalledWith(`${API}/functions/v1/confirm-email`, {
      method: 'POST',
      headers: { apikey: KEY, 'content-type': 'application/json' },
      body: '{"token":"t"}',
    });
  });

  it('sends a staff token as the bearer, a query, and a GET without a body', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    await callFunction('console-export', {
      method: 'GET',
      query: { kind: 'waitlist', search: 'ada lovelace' },
      token: 'session-token',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(Object.fromEntries(new URL(url).searchParams)).toEqual({
      kind: 'waitlist',
      search: 'ada lovelace',
    });
    expect(init).toEqual({
      method: 'GET',
      headers: { apikey: KEY, authorization: 'Bearer session-token' },
    });
  });

  it('leaves a form to the browser to encode, and can go without the key', async () => {
    fetchMock.mockResolvedValue(json(200, {}));
    const form = new FormData();
    form.append('email', 'a@example.com');
    await callFunction('submit-application', { body: form });
    expect(fetchMock.mock.calls[0]![1]).toEqual({
      method: 'POST',
      headers: { apikey: KEY },
      body: form,
    });
    const oneClick = new URLSearchParams({ 'List-Unsubscribe': 'One-Click' });
    await callFunction('unsubscribe', {
      query: { token: 'abc' },
      body: oneClick,
      withoutKey: true,
    });
    expect(fetchMock.mock.calls[1]).toEqual([
      `${API}/functions/v1/unsubscribe?token=abc`,
      { method: 'POST', headers: {}, body: oneClick },
    ]);
  });

  it('rejects when no answer came', async () => {
    fetchMock.mockRejectedValue(new TypeError('fetch failed'));
    await expect(callFunction('confirm-email', {})).rejects.toThrow('fetch failed');
  });
});

describe('a function’s refusal', () => {
  it('is one error: the status, and the body’s own words when it has them', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { success: false, error: 'Only staff.' }));
    const refused = await callFunction('console-resume', {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FunctionError);
    expect(refused).toBeInstanceOf(BackendError);
    expect(refused).toMatchObject({ status: 403, refusal: 'Only staff.', message: 'Only staff.' });

    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(callFunction('console-resume', {})).rejects.toMatchObject({
      status: 502,
      refusal: undefined,
      message: 'The server answered 502.',
    });

    fetchMock.mockResolvedValueOnce(json(429, { error: 'rate_limited' }));
    const limited = await callFunction('confirm-email', {}).catch((error: unknown) => error);
    expect(failureOf(limited)).toBe('rate_limited');
    expect(failureOf(new TypeError('Failed to fetch'))).toBe('unreachable');
  });

  it('is thrown for anything but a success', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, list: 'waitlist' }));
    await expect(callJsonFunction('confirm-email', {})).resolves.toEqual({
      success: true,
      list: 'waitlist',
    });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(callJsonFunction('privacy-request', {})).resolves.toBeNull();
    fetchMock.mockResolvedValueOnce(json(410, { success: false, error: 'link_not_valid' }));
    await expect(callJsonFunction('confirm-email', {})).rejects.toMatchObject({
      status: 410,
      refusal: 'link_not_valid',
    });
  });
});

describe('functionUrl', () => {
  it('is the function’s address, with its query if any', () => {
    expect(functionUrl(API, 'console-resume')).toBe(`${API}/functions/v1/console-resume`);
    expect(functionUrl(API, 'console-export', new URLSearchParams({ kind: 'waitlist' }))).toBe(
      `${API}/functions/v1/console-export?kind=waitlist`,
    );
  });
});

describe('lazySupabaseClient', () => {
  beforeEach(() => mockCreateClient.mockClear());

  it('makes its client on first use with its own auth options, once per backend', async () => {
    const auth = jest.fn(() => ({ persistSession: true, storageKey: 'staff' }));
    const getClient = lazySupabaseClient(auth);
    expect(auth).not.toHaveBeenCalled();

    const first = await getClient();
    expect(await getClient()).toBe(first);
    expect(mockCreateClient).toHaveBeenCalledTimes(1);
    expect(mockCreateClient).toHaveBeenCalledWith(API, KEY, {
      auth: { persistSession: true, storageKey: 'staff' },
    });

    useBackend('https://other.supabase.co');
    expect(await getClient()).not.toBe(first);
    expect(mockCreateClient).toHaveBeenLastCalledWith('https://other.supabase.co', KEY, {
      auth: { persistSession: true, storageKey: 'staff' },
    });
  });

  it('keeps one client per getter: the site’s and the console’s are apart', async () => {
    const site = lazySupabaseClient(() => ({ persistSession: false }));
    const staff = lazySupabaseClient(() => ({ persistSession: true }));
    expect(await site()).not.toBe(await staff());
    expect(mockCreateClient.mock.calls.map(([, , options]) => options)).toEqual([
      { auth: { persistSession: false } },
      { auth: { persistSession: true } },
    ]);
  });
});
