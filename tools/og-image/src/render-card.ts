// A social card as a PNG: satori lays the card out and turns its text into paths (with Inter, a font
// from npm read from disk, so the picture is the same on every machine and needs no system fonts),
// and resvg rasterises that SVG. Nothing is downloaded.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import { CARD_HEIGHT, CARD_WIDTH, socialCardElement, type SocialCard } from './social-card.ts';

const require = createRequire(import.meta.url);

function interFile(weight: 400 | 700): Buffer {
  return fs.readFileSync(
    require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`),
  );
}

let fonts: Parameters<typeof satori>[1]['fonts'] | undefined;

export async function renderSocialCard(card: SocialCard): Promise<Buffer> {
  fonts ??= [
    { name: 'Inter', data: interFile(400), weight: 400, style: 'normal' },
    { name: 'Inter', data: interFile(700), weight: 700, style: 'normal' },
  ];
  const svg = await satori(socialCardElement(card) as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts,
  });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
