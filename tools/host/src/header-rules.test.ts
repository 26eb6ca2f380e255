import crypto from 'node:crypto';
import {
  contentSecurityPolicy,
  headersFile,
  HOST_LIMITS,
  inlineScriptsOf,
  remoteHeaderRules,
  scriptHashSource,
  shellHeaderRules,
} from './header-rules';
import { IMMUTABLE } from './cache-control';

const SOURCES = {
  remotes: {
    content: 'https://content.agentora.ai/mf-manifest.json',
    careers: 'https://careers.agentora.ai/v2/mf-manifest.json',
    signups: 'https://content.agentora.ai/signups/mf-manifest.json',
  },
  backendUrl: 'https://abc.supabase.co',
  inlineScripts: ['console.log(1)'],
};

describe('inline scripts', () => {
  it('are the scripts a browser runs: not those with a src, not data blocks', () => {
    const html = [
      '<script>a()</script>',
      '<script type="module">b()</script>',
      '<script type="text/javascript">c()</script>',
      '<script src="/x.js"></script>',
      '<script type="application/json" id="prerendered-parts">{"x":1}</script>',
      '<script type="application/ld+json">{"@type":"BlogPosting"}</script>',
      '<SCRIPT>d()</SCRIPT >',
    ].join('\n');
    expect(inlineScriptsOf(html)).toEqual(['a()', 'b()', 'c()', 'd()']);
  });

  it("are allowed by the SHA-256 of their exact text, as CSP's hash source", () => {
    const expected = crypto.createHash('sha256').update('a()').digest('base64');
    expect(scriptHashSource('a()')).toBe(`'sha256-${expected}'`);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows scripts from the site, the remotes and the hashes only, and connections to the backend', () => {
    const csp = contentSecurityPolicy(SOURCES);
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      `script-src 'self' https://careers.agentora.ai https://content.agentora.ai ${scriptHashSource('console.log(1)')} 'report-sample'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self' https://careers.agentora.ai https://content.agentora.ai https://abc.supabase.co",
      "font-src 'self'",
      "manifest-src 'self'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
      "object-src 'none'",
    ]);
    expect(csp).not.toMatch(/unsafe-eval/);
    const withPreviews = contentSecurityPolicy({
      ...SOURCES,
      overrideOrigins: ['https://*.previews.agentora.ai'],
    });
    expect(withPreviews).toMatch(/script-src 'self' https:\/\/\*\.previews\.agentora\.ai /);
    expect(withPreviews).toMatch(/connect-src 'self' https:\/\/\*\.previews\.agentora\.ai /);
    expect(contentSecurityPolicy({ ...SOURCES, reportUri: '/r' })).toMatch(/; report-uri \/r$/);
  });
});

describe('the _headers file', () => {
  it('is one block per rule: its path, then its headers indented', () => {
    expect(
      headersFile([
        { path: '/*', headers: { A: '1', B: '2' } },
        { path: '/x', headers: { C: '3' } },
      ]),
    ).toBe('/*\n  A: 1\n  B: 2\n\n/x\n  C: 3\n');
  });

  it('refuses what the host would silently drop: a line over 2,000 characters, more than 100 rules', () => {
    const manyOrigins = Array.from(
      { length: 80 },
      (_, n) => `https://team-${n}.previews.example.com`,
    );
    const rules = shellHeaderRules({ ...SOURCES, overrideOrigins: manyOrigins });
    expect(() => headersFile(rules)).toThrow(/a line of \d+ characters .*over 2000/);
    const tooMany = Array.from({ length: HOST_LIMITS.rules + 1 }, (_, n) => ({
      path: `/p${n}`,
      headers: { A: '1' },
    }));
    expect(() => headersFile(tooMany)).toThrow(/101 rules; the host applies at most 100/);
    expect(() => headersFile(tooMany.slice(1))).not.toThrow();
  });
});

describe('caching and CORS', () => {
  const pathsWith = (rules: ReturnType<typeof remoteHeaderRules>, name: string, value: string) =>
    rules.filter((rule) => rule.headers[name] === value).map((rule) => rule.path);

  it('keeps content-hashed files for a year, at the root, in the server build and in releases', () => {
    expect(pathsWith(shellHeaderRules(SOURCES), 'Cache-Control', IMMUTABLE)).toEqual([
      '/:name.:hash.js',
      '/ssr/:name.:hash.js',
    ]);
    expect(pathsWith(remoteHeaderRules(), 'Cache-Control', IMMUTABLE)).toEqual([
      '/:name.:hash.js',
      '/ssr/:name.:hash.js',
      '/releases/:release/:name.:hash.js',
      '/releases/:release/ssr/:name.:hash.js',
    ]);
  });

  it('gives no rule two Cache-Control values: the host would join them into one header', () => {
    for (const rules of [shellHeaderRules(SOURCES), remoteHeaderRules()])
      expect(rules.find((rule) => rule.path === '/*')!.headers['Cache-Control']).toBeUndefined();
  });

  it("lets other origins read a remote's manifests only, and nothing of the shell", () => {
    expect(pathsWith(remoteHeaderRules(), 'Access-Control-Allow-Origin', '*')).toEqual([
      '/mf-manifest.json',
      '/releases/:release/mf-manifest.json',
    ]);
    expect(
      shellHeaderRules(SOURCES).some((rule) => 'Access-Control-Allow-Origin' in rule.headers),
    ).toBe(false);
  });
});
