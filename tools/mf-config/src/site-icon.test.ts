import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { siteIcon, siteIconType } from './site-icon';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('siteIcon', () => {
  it('is the icon file itself, as a data: URL that needs no quoting in an attribute', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-icon-'));
    const file = path.join(dir, 'icon.png');
    const bytes = Buffer.from([...PNG_SIGNATURE, 0xff, 0xfe]);
    fs.writeFileSync(file, bytes);
    const { href, type } = siteIcon(file);
    expect(type).toBe('image/png');
    expect(href.startsWith('data:image/png;base64,')).toBe(true);
    expect(href).not.toMatch(/["'<>\s]/);
    expect(Buffer.from(href.slice('data:image/png;base64,'.length), 'base64')).toEqual(bytes);
    fs.rmSync(dir, { recursive: true });
  });

  it('tells a WebP from a PNG by its bytes, and refuses anything else', () => {
    const webp = Buffer.concat([
      Buffer.from('RIFF', 'latin1'),
      Buffer.from([0x10, 0, 0, 0]),
      Buffer.from('WEBPVP8L', 'latin1'),
    ]);
    expect(siteIconType(webp)).toBe('image/webp');
    expect(siteIconType(Buffer.from(PNG_SIGNATURE))).toBe('image/png');
    expect(() => siteIconType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toThrow(
      /neither a PNG nor a WebP/,
    );
  });

  it("reads the shell's 32 px icon by default: a lossless WebP, small enough for every page", () => {
    const { href, type } = siteIcon();
    expect(type).toBe('image/webp');
    const webp = Buffer.from(href.split(',')[1], 'base64');
    // The lossless bitstream (VP8L): its signature byte, then width - 1 and height - 1 in 14 bits each.
    expect(webp.toString('latin1', 12, 16)).toBe('VP8L');
    expect(webp[20]).toBe(0x2f);
    const size = webp.readUInt32LE(21);
    expect([(size & 0x3fff) + 1, ((size >> 14) & 0x3fff) + 1]).toEqual([32, 32]);
    // Every page carries it: the PNG of the same pixels took a third more.
    expect(webp.length).toBeLessThan(1100);
  });
});
