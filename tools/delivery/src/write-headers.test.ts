import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { scriptHashSource } from '@agentora/host';
import { shellRelease, writeSecurityHeaders } from './write-headers';

const CONFIG = {
  remotes: { content: 'https://content.agentora.ai/mf-manifest.json' },
  supabase: { url: 'https://abc.supabase.co' },
};

describe('writeSecurityHeaders', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("hashes every page's inline scripts, skips the server build, and writes the host's files", () => {
    fs.mkdirSync(path.join(dir, 'blog/x'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'ssr'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<script>one()</script>');
    fs.writeFileSync(path.join(dir, 'blog/x/index.html'), '<script>two()</script>');
    fs.writeFileSync(path.join(dir, 'ssr/page-template.html'), '<script>never()</script>');
    const rules = writeSecurityHeaders({ shellDir: dir, runtimeConfig: CONFIG });
    const csp = rules[0]!.headers['Content-Security-Policy']!;
    expect(csp).toContain(scriptHashSource('one()'));
    expect(csp).toContain(scriptHashSource('two()'));
    expect(csp).not.toContain(scriptHashSource('never()'));
    const headers = fs.readFileSync(path.join(dir, '_headers'), 'utf8');
    expect(headers.startsWith('/*\n  Strict-Transport-Security:')).toBe(true);
    expect(headers).toContain(`  Content-Security-Policy: ${csp}\n`);
    expect(JSON.parse(fs.readFileSync(path.join(dir, '_headers.json'), 'utf8'))).toEqual({ rules });
    // The JSON is for other hosts: this one is told not to serve it.
    expect(fs.readFileSync(path.join(dir, '.assetsignore'), 'utf8')).toBe('_headers.json\n');
  });

  it("sends reports to the backend's csp-report function, naming the shell's release", () => {
    fs.writeFileSync(path.join(dir, 'page-template.html'), '<script src="/main.0a1b2c3d4e.js">');
    const release = crypto
      .createHash('sha256')
      .update('<script src="/main.0a1b2c3d4e.js">')
      .digest('hex')
      .slice(0, 12);
    expect(shellRelease(dir)).toBe(release);
    const [rule] = writeSecurityHeaders({ shellDir: dir, runtimeConfig: CONFIG });
    expect(rule!.headers['Content-Security-Policy']).toMatch(
      new RegExp(
        `; report-uri https://abc\\.supabase\\.co/functions/v1/csp-report\\?release=${release}$`,
      ),
    );
    const [other] = writeSecurityHeaders({
      shellDir: dir,
      runtimeConfig: CONFIG,
      reportTo: 'http://127.0.0.1:54391',
    });
    expect(other!.headers['Content-Security-Policy']).toContain(
      `report-uri http://127.0.0.1:54391/functions/v1/csp-report?release=${release}`,
    );
  });

  it('writes nothing when the rules are more than the host applies', () => {
    const allowedOrigins = Array.from(
      { length: 80 },
      (_, n) => `https://t${n}.previews.example.com`,
    );
    expect(() =>
      writeSecurityHeaders({
        shellDir: dir,
        runtimeConfig: { ...CONFIG, remoteOverrides: { allowedOrigins } },
      }),
    ).toThrow(/over 2000/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});
