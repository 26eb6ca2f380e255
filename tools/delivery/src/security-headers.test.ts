import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  contentSecurityPolicy,
  headersFile,
  headersFor,
  inlineScriptsOf,
  parseHeadersFile,
  scriptHashSource,
  shellHeaderRules,
} from './security-headers';
import { writeSecurityHeaders } from './write-headers';

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
  it('reads back as the rules it was written from', () => {
    const rules = shellHeaderRules(SOURCES);
    expect(parseHeadersFile(headersFile(rules))).toEqual(rules);
    expect(() => parseHeadersFile('  X-Orphan: 1\n')).toThrow(/outside a path/);
  });

  it('applies every matching rule, later ones overriding', () => {
    const rules = parseHeadersFile('/*\n  A: 1\n  B: 1\n\n/blog/*\n  B: 2\n\n/about\n  C: 3\n');
    expect(headersFor(rules, '/blog/x')).toEqual({ A: '1', B: '2' });
    expect(headersFor(rules, '/about')).toEqual({ A: '1', B: '1', C: '3' });
    expect(headersFor(rules, '/about/team')).toEqual({ A: '1', B: '1' });
  });
});

describe('writeSecurityHeaders', () => {
  it("hashes every page's inline scripts, skips the server build, and writes both files", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-'));
    fs.mkdirSync(path.join(dir, 'blog/x'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'ssr'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<script>one()</script>');
    fs.writeFileSync(path.join(dir, 'blog/x/index.html'), '<script>two()</script>');
    fs.writeFileSync(path.join(dir, 'ssr/page-template.html'), '<script>never()</script>');
    const [rule] = writeSecurityHeaders({
      shellDir: dir,
      runtimeConfig: { remotes: SOURCES.remotes, supabase: { url: SOURCES.backendUrl } },
    });
    const csp = rule!.headers['Content-Security-Policy']!;
    expect(csp).toContain(scriptHashSource('one()'));
    expect(csp).toContain(scriptHashSource('two()'));
    expect(csp).not.toContain(scriptHashSource('never()'));
    expect(parseHeadersFile(fs.readFileSync(path.join(dir, '_headers'), 'utf8'))).toEqual([rule]);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '_headers.json'), 'utf8'))).toEqual({
      rules: [rule],
    });
    fs.rmSync(dir, { recursive: true });
  });
});
