import {
  flushRemoteHealth,
  reportRemote,
  resetRemoteHealth,
  startRemoteHealth,
} from './remote-health';

const NEXT = 'https://careers.agentora.ai/releases/89b4546a071c/mf-manifest.json';
const BACKEND = { url: 'https://abc.supabase.co/', publishableKey: 'sb_publishable_x' };

afterEach(() => resetRemoteHealth());

function sent(send: jest.Mock) {
  return send.mock.calls.map(([url, init]: [string, RequestInit]) => ({
    url,
    keepalive: init.keepalive,
    key: (init.headers as Record<string, string>).apikey,
    body: JSON.parse(init.body as string),
  }));
}

it('reports each outcome of each remote once per page load, under the release it registered', () => {
  const send = jest.fn(() => Promise.resolve(new Response(null, { status: 201 })));
  startRemoteHealth(BACKEND, { careers: NEXT });
  reportRemote('careers', 'loaded');
  reportRemote('careers', 'loaded');
  reportRemote('careers', 'render_failed');
  reportRemote('content', 'loaded'); // not registered: nothing to say
  flushRemoteHealth(send as unknown as typeof fetch);
  expect(sent(send)).toEqual([
    {
      url: 'https://abc.supabase.co/rest/v1/rpc/report_remote_health',
      keepalive: true,
      key: 'sb_publishable_x',
      body: { p_remote: 'careers', p_release: NEXT, p_outcome: 'loaded' },
    },
    {
      url: 'https://abc.supabase.co/rest/v1/rpc/report_remote_health',
      keepalive: true,
      key: 'sb_publishable_x',
      body: { p_remote: 'careers', p_release: NEXT, p_outcome: 'render_failed' },
    },
  ]);
  // Sent is sent: the next flush has nothing.
  flushRemoteHealth(send as unknown as typeof fetch);
  expect(send).toHaveBeenCalledTimes(2);
});

it('sends when the page is hidden, and a refused request costs nothing but the count', async () => {
  const send = jest.fn(() => Promise.reject(new TypeError('offline')));
  const original = globalThis.fetch;
  globalThis.fetch = send as unknown as typeof fetch;
  try {
    startRemoteHealth(BACKEND, { careers: NEXT });
    reportRemote('careers', 'load_failed');
    window.dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(send).toHaveBeenCalledTimes(1);
  } finally {
    globalThis.fetch = original;
  }
});

it('says nothing before it knows where to send', () => {
  const send = jest.fn();
  reportRemote('careers', 'loaded');
  flushRemoteHealth(send as unknown as typeof fetch);
  expect(send).not.toHaveBeenCalled();
});
