import { theme } from '@agentora/ui';
import { ARTICLES, articleCardPath, SITE_FILES } from '@agentora/data';
import { CARD_HEIGHT, CARD_WIDTH, socialCardFiles, socialCards } from './index';
import { CARD_COLORS } from './social-card';

/** A PNG's width and height, from its IHDR chunk (bytes 16–23, after the signature and chunk head). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('the social cards', () => {
  let files: Record<string, Buffer>;
  beforeAll(async () => {
    files = await socialCardFiles();
  }, 60000);

  it('are one for the site and one per article, at the paths the pages name', () => {
    expect(Object.keys(files).sort()).toEqual(
      [SITE_FILES.siteCard, ...ARTICLES.map((article) => articleCardPath(article.slug))]
        .map((path) => path.slice(1))
        .sort(),
    );
  });

  it('are 1200×630 PNGs, each a picture of its own', () => {
    expect([CARD_WIDTH, CARD_HEIGHT]).toEqual([1200, 630]);
    for (const png of Object.values(files))
      expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    const distinct = new Set(Object.values(files).map((png) => png.toString('base64')));
    expect(distinct.size).toBe(Object.keys(files).length);
  });

  it("say the article's title, category, author, date and read time", () => {
    const [first] = ARTICLES;
    expect(socialCards()[articleCardPath(first.slug).slice(1)]).toEqual({
      eyebrow: 'Blog · Market Analysis',
      title: 'The AI Agent Economy in 2026: A Market Analysis',
      footer: 'Maya Chen · 28 October 2025 · 8 min read',
    });
  });

  it('come out the same from the same data (a rebuild does not change them)', async () => {
    const again = await socialCardFiles();
    expect(again[SITE_FILES.siteCard.slice(1)]!.equals(files[SITE_FILES.siteCard.slice(1)]!)).toBe(
      true,
    );
  }, 60000);

  it("use the site's colours", () => {
    for (const [name, value] of Object.entries(CARD_COLORS))
      expect([name, value]).toEqual([name, theme.colors[name as keyof typeof theme.colors]]);
  });
});
