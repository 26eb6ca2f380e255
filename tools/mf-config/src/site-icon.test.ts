import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteIconDataUrl } from './site-icon';

describe('siteIconDataUrl', () => {
  it('is the icon file itself, as a data: URL that needs no quoting in an attribute', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-icon-'));
    const file = path.join(dir, 'icon.svg');
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1"/></svg>';
    fs.writeFileSync(file, `${svg}\n`);
    const url = siteIconDataUrl(file);
    expect(url.startsWith('data:image/svg+xml,')).toBe(true);
    expect(url).not.toMatch(/["'<>\s]/);
    expect(decodeURIComponent(url.slice('data:image/svg+xml,'.length))).toBe(svg);
    fs.rmSync(dir, { recursive: true });
  });

  it("reads the shell's icon by default", () => {
    expect(siteIconDataUrl()).toContain(encodeURIComponent('<svg'));
  });
});
