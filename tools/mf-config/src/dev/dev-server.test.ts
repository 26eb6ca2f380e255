import type { IncomingMessage, ServerResponse } from 'node:http';
import { LOCAL_BACKEND } from '@agentora/contracts/apps';
import { devServerConfig, isSiteOrigin } from './dev-server';

type Entry = {
  name: string;
  path?: string;
  middleware: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
};

interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: string;
  passedOn: boolean;
}

/** The dev server's middleware list after ours went in, with rspack's own stand-ins around them. */
function middlewares(): Entry[] {
  const own = (name: string): Entry => ({ name, middleware: (_req, _res, next) => next() });
  const config = devServerConfig(4201);
  const setup = config.setupMiddlewares as unknown as (list: Entry[], server: unknown) => Entry[];
  return setup(
    [own('host-header-check'), own('cross-origin-header-check'), own('@rspack/dev-middleware')],
    {},
  );
}

function run(entry: Entry, request: { method?: string; headers: Record<string, string> }): Answer {
  const answer: Answer = { status: 200, headers: {}, passedOn: false };
  const res = {
    set statusCode(code: number) {
      answer.status = code;
    },
    setHeader(name: string, value: string) {
      answer.headers[name.toLowerCase()] = value;
    },
    end(body?: string) {
      answer.body = body;
    },
  } as unknown as ServerResponse;
  entry.middleware(
    { method: request.method ?? 'GET', headers: request.headers } as IncomingMessage,
    res,
    () => {
      answer.passedOn = true;
    },
  );
  return answer;
}

const byName = (name: string) => middlewares().find((entry) => entry.name === name)!;

describe('dev server', () => {
  it("puts the site's checks after rspack's own Host and cross-origin checks, before any file is served", () => {
    expect(middlewares().map((entry) => entry.name)).toEqual([
      'host-header-check',
      'cross-origin-header-check',
      'agentora-site-only-cors',
      'agentora-runtime-config',
      '@rspack/dev-middleware',
    ]);
  });

  it('recognises the loopback origins of the site, and nothing else', () => {
    for (const origin of ['http://localhost:4200', 'http://127.0.0.1:4203', 'http://[::1]:4200'])
      expect(isSiteOrigin(origin)).toBe(true);
    for (const origin of [
      'https://localhost:4200',
      'http://evil.example',
      'http://localhost.evil.example:4200',
      'http://127.0.0.2:4200',
      'null',
      'garbage',
    ])
      expect(isSiteOrigin(origin)).toBe(false);
  });

  it('answers CORS to the site and refuses requests from any other origin', () => {
    const cors = byName('agentora-site-only-cors');
    expect(run(cors, { headers: { origin: 'http://localhost:4200' } })).toMatchObject({
      passedOn: true,
      headers: { 'access-control-allow-origin': 'http://localhost:4200', vary: 'Origin' },
    });
    const refused = run(cors, { headers: { origin: 'https://evil.example' } });
    expect(refused).toMatchObject({ status: 403, passedOn: false });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
    // A plain script or navigation request carries no Origin: rspack's own check judges it.
    expect(run(cors, { headers: {} })).toMatchObject({ passedOn: true, headers: {} });
  });

  it('serves a runtime config that addresses every server by the name the page was opened at', () => {
    const config = byName('agentora-runtime-config');
    for (const [host, origin] of [
      ['localhost:4200', 'http://localhost'],
      ['127.0.0.1:4200', 'http://127.0.0.1'],
      ['[::1]:4200', 'http://[::1]'],
    ]) {
      const answer = run(config, { headers: { host } });
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(JSON.parse(answer.body!)).toEqual({
        remotes: {
          content: `${origin}:4201/mf-manifest.json`,
          signups: `${origin}:4202/mf-manifest.json`,
          careers: `${origin}:4203/mf-manifest.json`,
          backoffice: `${origin}:4204/mf-manifest.json`,
        },
        supabase: {
          url: `${origin}:${LOCAL_BACKEND.port}`,
          publishableKey: LOCAL_BACKEND.publishableKey,
        },
        // The local backend's stand-in for Cloudflare Turnstile, on the same name.
        botCheck: {
          sitekey: '1x00000000000000000000BB',
          scriptUrl: `${origin}:${LOCAL_BACKEND.port}/turnstile/v0/api.js?render=explicit`,
        },
      });
    }
  });

  it('gives no runtime config to a Host that is not this machine (DNS rebinding)', () => {
    const answer = run(byName('agentora-runtime-config'), {
      headers: { host: 'evil.example:4200' },
    });
    expect(answer).toMatchObject({ status: 403, passedOn: false });
    expect(answer.body).not.toContain('supabase');
  });
});
