import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { headersFile, remoteHeaderRules, shellHeaderRules } from './header-rules';
import { IMMUTABLE, NO_STORE, REVALIDATE } from './cache-control';
import { deployFolder, serveFolder, type HostedFolder } from './wrangler';

// workerd, through wrangler, on small folders made here: the host's own answers, not a copy of them.

function writeFiles(dir: string, files: Record<string, string | Buffer>) {
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), body);
  }
}

/**
 * A GET with the request headers given as they are. fetch (undici) sets `Sec-Fetch-Mode` itself,
 * and the host answers a browser's navigation (`navigate`) by other rules than a script's request.
 */
function get(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () =>
            resolve({ status: response.statusCode!, headers: response.headers, body }),
          );
        })
        .once('error', reject);
    },
  );
}

/** What a browser sends to open an address, and to load a script element's file. */
const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
const SCRIPT = { 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' };

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

describe("the shell's Worker, served by wrangler dev", () => {
  let dir: string;
  let host: HostedFolder;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-shell-'));
    writeFiles(dir, {
      'index.html': '<!doctype html><title>Home</title>',
      'about/index.html': '<!doctype html><title>About</title>',
      '404.html': '<!doctype html><title>Not found</title>',
      'main.0123456789.js': 'console.log(1)',
      'runtime-config.json': '{}',
      '_headers.json': '{"rules":[]}',
      '.assetsignore': '_headers.json\n',
      _headers: headersFile(
        shellHeaderRules({ remotes: {}, backendUrl: 'https://b.example', inlineScripts: [] }),
      ),
    });
    host = await serveFolder({ app: 'shell', folder: dir, port: 4911 });
  });
  afterAll(async () => {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a page at its address without a slash, and redirects the other forms to it once', async () => {
    const page = await fetch(`${host.url}/about`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>About</title>');
    for (const other of ['/about/', '/about/index.html']) {
      const response = await fetch(`${host.url}${other}`, { redirect: 'manual' });
      expect(response.status).toBe(307);
      expect(response.headers.get('location')).toBe('/about');
    }
  });

  it('answers an unknown address with the error page and 404', async () => {
    const response = await fetch(`${host.url}/no/such/page`, { redirect: 'manual' });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<title>Not found</title>');
  });

  it('answers every miss with its error page and 404, kept by no one; files and pages keep their caching', async () => {
    // A script a new version names, asked of a location still serving the old one; the same name
    // opened in a tab; an unknown page opened, or fetched.
    for (const [address, headers] of [
      ['/nothing.0123456789.js', SCRIPT],
      ['/nothing.0123456789.js', NAVIGATION],
      ['/no/such/page', NAVIGATION],
      ['/no/such/page', {}],
    ] as const) {
      const miss = await get(`${host.url}${address}`, headers);
      expect([address, headers, miss.status]).toEqual([address, headers, 404]);
      expect([address, headers, miss.headers['cache-control']]).toEqual([
        address,
        headers,
        NO_STORE,
      ]);
      expect(miss.body).toContain('<title>Not found</title>');
      // The header rules still apply to the error page.
      expect(miss.headers['content-security-policy']).toMatch(/^default-src 'none'/);
      expect(miss.headers['x-frame-options']).toBe('DENY');
    }
    for (const headers of [SCRIPT, NAVIGATION]) {
      const script = await get(`${host.url}/main.0123456789.js`, headers);
      expect(script.status).toBe(200);
      expect(script.headers['cache-control']).toBe(IMMUTABLE);
    }
    for (const page of ['/', '/about']) {
      const response = await get(`${host.url}${page}`, NAVIGATION);
      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe(REVALIDATE);
      expect(response.headers.etag).toBeDefined();
    }
    const redirect = await get(`${host.url}/about/`, NAVIGATION);
    expect(redirect.status).toBe(307);
    expect(redirect.headers['cache-control']).toBeUndefined();
  });

  it('applies the header rules: hashed scripts for a year, the rest revalidated, the policy on every file', async () => {
    const script = await fetch(`${host.url}/main.0123456789.js`);
    expect(script.headers.get('cache-control')).toBe(IMMUTABLE);
    for (const file of ['/', '/about', '/runtime-config.json']) {
      const response = await fetch(`${host.url}${file}`);
      expect(response.headers.get('cache-control')).toBe(REVALIDATE);
      expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('settled() resolves once a change of the folder is served and its reloads have finished', async () => {
    const before = host.reloads();
    writeFiles(dir, { 'added.txt': 'added' });
    await host.settled();
    expect(await (await fetch(`${host.url}/added.txt`)).text()).toBe('added');
    // A removed file answers 404 at once, before the reload it causes: settled() waits for that too.
    fs.rmSync(path.join(dir, 'added.txt'));
    await host.settled();
    const after = host.reloads();
    // Each settled() is at least two reloads: its marker's, and its marker's removal.
    expect(after.started).toBeGreaterThanOrEqual(before.started + 4);
    expect(after.finished).toBe(after.started);
    // Nothing is cut off by a reload still to come.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => fetch(`${host.url}/about`).then((r) => r.status)),
    );
    expect(answers).toEqual(Array.from({ length: 20 }, () => 200));
    expect((await fetch(`${host.url}/added.txt`)).status).toBe(404);
  });

  it("serves none of the host's own files", async () => {
    for (const file of ['/_headers', '/_headers.json', '/.assetsignore'])
      expect((await fetch(`${host.url}${file}`, { redirect: 'manual' })).status).toBe(404);
  });

  it('will not serve a port twice, nor one something else answers on', async () => {
    await expect(serveFolder({ app: 'shell', folder: dir, port: 4911 })).rejects.toThrow(
      `Port 4911 on 127.0.0.1 is being served by process ${process.pid}`,
    );
    const other = http.createServer((_, response) => response.end('not ours'));
    await new Promise<void>((resolve) => other.listen(4918, '127.0.0.1', resolve));
    try {
      await expect(serveFolder({ app: 'shell', folder: dir, port: 4918 })).rejects.toThrow(
        'Port 4918 on 127.0.0.1 is already in use',
      );
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
    // Refused before it claimed anything: the port is free to serve once the other server is gone.
    const served = await serveFolder({ app: 'shell', folder: dir, port: 4918 });
    await served.close();
  });
});

describe("a remote's Worker, for a folder that does not change", () => {
  let dir: string;
  let host: HostedFolder;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-remote-'));
    writeFiles(dir, {
      'index.html': '<!doctype html>',
      'mf-manifest.json': '{}',
      'remoteEntry.js': 'entry',
      '1.careers.0123456789.js': 'chunk',
      _headers: headersFile(remoteHeaderRules()),
    });
    host = await serveFolder({ app: 'careers', folder: dir, port: 4912, folderChanges: false });
  });
  afterAll(async () => {
    await host.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets other origins read its manifest only, and answers a missing file with a plain 404 kept by no one', async () => {
    const manifest = await fetch(`${host.url}/mf-manifest.json`);
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    expect(manifest.headers.get('cache-control')).toBe(REVALIDATE);
    const entry = await fetch(`${host.url}/remoteEntry.js`);
    expect(entry.headers.get('access-control-allow-origin')).toBeNull();
    expect(entry.headers.get('cache-control')).toBe(REVALIDATE);
    const chunk = await fetch(`${host.url}/1.careers.0123456789.js`);
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(chunk.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    for (const address of ['/2.careers.9999999999.js', '/releases/r1/2.careers.9999999999.js']) {
      const missing = await get(`${host.url}${address}`, SCRIPT);
      expect([address, missing.status]).toEqual([address, 404]);
      expect(missing.body).toBe('');
      // Not kept, and still under the remote's rules.
      expect([address, missing.headers['cache-control']]).toEqual([address, NO_STORE]);
      expect(missing.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('logs no line for each request, and refuses to wait for a change', async () => {
    expect((await fetch(`${host.url}/remoteEntry.js`)).status).toBe(200);
    expect(host.output()).not.toContain('GET /remoteEntry.js');
    await expect(host.settled()).rejects.toThrow('folderChanges: false');
  });
});

/** A process of its own (and a process group of its own) that serves a folder on a port. */
async function serveFromAnotherProcess(dir: string, port: number) {
  const script = path.join(dir, 'serve.ts');
  fs.writeFileSync(
    script,
    `import { serveFolder } from ${JSON.stringify(path.join(import.meta.dirname, 'wrangler.ts'))};\n` +
      `await serveFolder({ app: 'shell', folder: ${JSON.stringify(dir)}, port: ${port} });\n` +
      `console.log('serving');\nsetInterval(() => {}, 1000);\n`,
  );
  const parent = spawn(
    process.execPath,
    ['--disable-warning=MODULE_TYPELESS_PACKAGE_JSON', script],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
  );
  await new Promise<void>((resolve, reject) => {
    parent.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('serving')) resolve();
    });
    parent.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
  return parent;
}

async function waitForFreePort(port: number) {
  const deadline = Date.now() + 20_000;
  while (!(await portIsFree(port))) {
    if (Date.now() > deadline) throw new Error(`workerd still holds port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a served folder outlives nothing', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-orphan-'));
    writeFiles(dir, { 'index.html': '<!doctype html><title>Left</title>' });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  // One run in another process for the two tests that need it alive, then killed: the first asks
  // for its port while it serves, the second kills it (a wrangler start is most of either test).
  describe('another run serving a port', () => {
    let folder: string;
    let parent: ChildProcess;
    beforeAll(async () => {
      folder = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-other-run-'));
      writeFiles(folder, { 'index.html': '<!doctype html><title>Left</title>' });
      parent = await serveFromAnotherProcess(folder, 4916);
    });
    afterAll(async () => {
      parent.kill('SIGKILL');
      await waitForFreePort(4916);
      fs.rmSync(folder, { recursive: true, force: true });
    });

    it('refuses a port another live run is serving, at once', async () => {
      await expect(serveFolder({ app: 'shell', folder: dir, port: 4916 })).rejects.toThrow(
        `Port 4916 on 127.0.0.1 is being served by process ${parent.pid}`,
      );
      // Still the other run's server.
      expect(await (await fetch('http://127.0.0.1:4916/')).text()).toContain('<title>Left</title>');
    });

    it('stops when the process that started it is killed (SIGKILL), freeing its port', async () => {
      expect(await portIsFree(4916)).toBe(false);
      parent.kill('SIGKILL');
      await waitForFreePort(4916);
    });
  });

  it('ends what a run killed with its whole process group left on the port, and serves there', async () => {
    const parent = await serveFromAnotherProcess(dir, 4917);
    // The run and its guard die at once; wrangler and workerd, in a group of their own, do not.
    process.kill(-parent.pid!, 'SIGKILL');
    await new Promise((resolve) => parent.once('exit', resolve));
    expect(await portIsFree(4917)).toBe(false);
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-next-'));
    writeFiles(other, { 'index.html': '<!doctype html><title>Next</title>' });
    const host = await serveFolder({ app: 'shell', folder: other, port: 4917 });
    try {
      expect(await (await fetch(`${host.url}/`)).text()).toContain('<title>Next</title>');
    } finally {
      await host.close();
      fs.rmSync(other, { recursive: true, force: true });
    }
    await waitForFreePort(4917);
  });
});

/** The guard (wrangler-guard.ts) this process started for a port: found in /proc. */
function guardServing(port: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (
        parent === process.pid &&
        args.some((arg) => arg.endsWith('wrangler-guard.ts')) &&
        args[args.indexOf('--port') + 1] === String(port)
      )
        return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  throw new Error(`No guard of this process serves port ${port}.`);
}

describe('a host that will not stop', () => {
  it('is killed, with its wrangler and workerd, and close() says so', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-frozen-'));
    writeFiles(dir, { 'index.html': '<!doctype html><title>Frozen</title>' });
    const host = await serveFolder({ app: 'shell', folder: dir, port: 4918 });
    try {
      // A frozen guard takes no signal but SIGKILL: it would never end wrangler, nor exit.
      process.kill(guardServing(4918), 'SIGSTOP');
      await expect(host.close()).rejects.toThrow(
        'wrangler dev for shell did not stop within 15 s: it was killed.',
      );
      await waitForFreePort(4918);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('wrangler deploy --dry-run', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-deploy-'));
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-host-out-'));
  });
  afterEach(() => {
    for (const folder of [dir, out]) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("accepts an app's folder with its production config, uploading nothing", async () => {
    writeFiles(dir, { 'index.html': '<!doctype html>', 'main.0123456789.js': 'x' });
    const result = await deployFolder({ app: 'careers', folder: dir, dryRunOutDir: out });
    expect(result.output).toContain('--dry-run: exiting now.');
    expect(result.code).toBe(0);
  });

  it('fails on a folder the host would refuse (a file over 25 MiB)', async () => {
    writeFiles(dir, {
      'index.html': '<!doctype html>',
      'huge.bin': Buffer.alloc(26 * 1024 * 1024),
    });
    const result = await deployFolder({ app: 'careers', folder: dir, dryRunOutDir: out });
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/huge\.bin/);
  });
});
