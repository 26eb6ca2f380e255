import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteIconDataUrl } from './site-icon';

describe('siteIconDataUrl', () => {
  it('is the icon file itself, as a data: URL that needs no quoting in an attribute', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-icon-'));
    const file = path.join(dir, 'icon.png');
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe]);
    fs.writeFileSync(file, bytes);
    const url = siteIconDataUrl(file);
    expect(url.startsWith('data:image/png;base64,')).toBe(true);
    expect(url).not.toMatch(/["'<>\s]/);
    expect(Buffer.from(url.slice('data:image/png;base64,'.length), 'base64')).toEqual(bytes);
    fs.rmSync(dir, { recursive: true });
  });

  it("reads the shell's 32 px icon by default", () => {
    const png = Buffer.from(siteIconDataUrl().split(',')[1], 'base64');
    // The PNG header: width and height (big-endian) at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([32, 32]);
  });
});
