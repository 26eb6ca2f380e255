import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMMUTABLE } from '@agentora/host';
import { startRemoteHost } from './remote-host';

describe('startRemoteHost', () => {
  it("serves a build as a remote's Worker does, from a folder of its own, and removes it when closed", async () => {
    const build = fs.mkdtempSync(path.join(os.tmpdir(), 'agentora-remote-build-'));
    for (const [name, body] of Object.entries({
      'index.html': '<!doctype html>',
      'mf-manifest.json': '{"name":"careers"}',
      'main.0123456789.js': 'chunk',
    }))
      fs.writeFileSync(path.join(build, name), body);
    const host = await startRemoteHost({ remote: 'careers', build, port: 4914 });
    try {
      expect(host.folder).not.toBe(build);
      const manifest = await fetch(`${host.url}/mf-manifest.json`);
      expect(await manifest.json()).toEqual({ name: 'careers' });
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect((await fetch(`${host.url}/main.0123456789.js`)).headers.get('cache-control')).toBe(
        IMMUTABLE,
      );
      // Its standalone page is not served: visitors see a remote only inside the shell's pages.
      expect((await fetch(`${host.url}/index.html`)).status).toBe(404);
      expect((await fetch(`${host.url}/`)).status).toBe(404);
      // The build itself is left as it was: the host's files are written into its own folder.
      expect(fs.readdirSync(build).sort()).toEqual([
        'index.html',
        'main.0123456789.js',
        'mf-manifest.json',
      ]);
    } finally {
      await host.close();
      fs.rmSync(build, { recursive: true, force: true });
    }
    expect(fs.existsSync(host.folder)).toBe(false);
  });
});
