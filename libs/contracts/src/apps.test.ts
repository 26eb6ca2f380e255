import {
  APP_NAMES,
  LOCAL_PORTS,
  REMOTE_NAMES,
  httpOrigin,
  isLoopbackHostname,
  localRuntimeConfig,
  portsFrom,
} from './apps';
import { REMOTE_EXPOSES } from './index';

describe('the app registry', () => {
  it('names the shell and every remote of the federation contract', () => {
    expect(APP_NAMES).toEqual(['shell', ...REMOTE_NAMES]);
    expect([...REMOTE_NAMES].sort()).toEqual(Object.keys(REMOTE_EXPOSES).sort());
  });

  it('names no app after a global: its federation container is defined as one, in the browser and in Node', () => {
    // The browser's and Node's globals a name could shadow (`console` would take the place of the
    // console object), beyond those of the test environment itself.
    const globals = new Set([
      ...Object.getOwnPropertyNames(globalThis),
      ...['console', 'window', 'self', 'document', 'name', 'location', 'history', 'navigator'],
      ...['process', 'global', 'module', 'require', 'exports', 'Buffer'],
    ]);
    expect(APP_NAMES.filter((app) => globals.has(app))).toEqual([]);
  });

  it('gives each app a port of a block, the shell first', () => {
    expect(LOCAL_PORTS).toEqual({
      shell: 4200,
      content: 4201,
      signups: 4202,
      careers: 4203,
      backoffice: 4204,
    });
    expect(portsFrom(4510)).toEqual({
      shell: 4510,
      content: 4511,
      signups: 4512,
      careers: 4513,
      backoffice: 4514,
    });
  });

  it('writes IPv6 literals in brackets and knows the loopback names', () => {
    expect(httpOrigin('::1', 4200)).toBe('http://[::1]:4200');
    expect(httpOrigin('[::1]', 4200)).toBe('http://[::1]:4200');
    expect(['localhost', '127.0.0.1', '[::1]', '::1'].every(isLoopbackHostname)).toBe(true);
    expect(
      ['evil.example', '127.0.0.2', 'localhost.evil.example', ''].some(isLoopbackHostname),
    ).toBe(false);
  });

  it('builds the local runtime config on the name the page was opened at', () => {
    const config = localRuntimeConfig({
      hostname: 'localhost',
      ports: portsFrom(4300),
      backend: { port: 54391, publishableKey: 'anon' },
    });
    expect(config).toEqual({
      remotes: {
        content: 'http://localhost:4301/mf-manifest.json',
        signups: 'http://localhost:4302/mf-manifest.json',
        careers: 'http://localhost:4303/mf-manifest.json',
        backoffice: 'http://localhost:4304/mf-manifest.json',
      },
      supabase: { url: 'http://localhost:54391', publishableKey: 'anon' },
      botCheck: {
        sitekey: '1x00000000000000000000BB',
        scriptUrl: 'http://localhost:54391/turnstile/v0/api.js?render=explicit',
      },
    });
  });
});
