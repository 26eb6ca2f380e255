import { IMMUTABLE, NO_STORE } from './cache-control';
import missWorker, { answerMiss, type MissEnv } from './miss-worker';

// The script's own logic, against a stand-in for the assets binding; workerd running it in front of
// real assets is wrangler.test.ts.

/** Assets that answer every request with `answer` and keep what they were asked. */
function assets(answer: () => Response) {
  const asked: Request[] = [];
  const env: MissEnv = {
    ASSETS: {
      fetch: async (request) => {
        asked.push(request);
        return answer();
      },
    },
  };
  return { env, asked };
}

const ERROR_PAGE = '<!doctype html><title>Not found</title>';

describe('the answer to a miss', () => {
  it("is the assets' answer to the same request, with no-store in place of its caching", async () => {
    const { env, asked } = assets(
      () =>
        new Response(ERROR_PAGE, {
          status: 404,
          headers: {
            'Cache-Control': IMMUTABLE,
            'Content-Type': 'text/html',
            'Content-Security-Policy': "default-src 'none'",
            ETag: '"abc"',
          },
        }),
    );
    const request = new Request('https://agentora.ai/main.0123456789.js', {
      headers: { 'Sec-Fetch-Mode': 'no-cors' },
    });
    const response = await answerMiss(request, env);
    expect(asked).toEqual([request]);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe(NO_STORE);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'");
    expect(response.headers.get('etag')).toBe('"abc"');
    expect(await response.text()).toBe(ERROR_PAGE);
  });

  it('says no-store where the assets said nothing of caching (a plain 404, a refused method)', async () => {
    for (const [status, body] of [
      [404, null],
      [405, null],
    ] as const) {
      const { env } = assets(() => new Response(body, { status, statusText: 'kept' }));
      const response = await answerMiss(
        new Request('https://careers.agentora.ai/x', { method: 'POST', body: 'x' }),
        env,
      );
      expect(response.status).toBe(status);
      expect(response.statusText).toBe('kept');
      expect(response.headers.get('cache-control')).toBe(NO_STORE);
      expect(await response.text()).toBe('');
    }
  });

  it('keeps every value of a header the rules sent twice', async () => {
    const headers = new Headers();
    headers.append('Vary', 'Accept-Encoding');
    headers.append('Vary', 'Origin');
    const { env } = assets(() => new Response('', { status: 404, headers }));
    const response = await answerMiss(new Request('https://careers.agentora.ai/x'), env);
    expect(response.headers.get('vary')).toBe('Accept-Encoding, Origin');
  });

  it("is what the Worker's fetch handler answers", async () => {
    const { env } = assets(() => new Response('', { status: 404 }));
    const response = await missWorker.fetch(new Request('https://agentora.ai/x'), env);
    expect(response.headers.get('cache-control')).toBe(NO_STORE);
  });
});
