// The social cards the shell's build writes (apps/shell/rspack.config.ts): the site's, and one per
// article, at the paths the pages' og:image tags name (libs/data/src/site/paths.ts).
import { ARTICLES } from '@agentora/data/articles';
import { BRAND, LAUNCH_YEAR, TAGLINE } from '@agentora/data/constants';
import { articleCardPath, SITE_FILES } from '@agentora/data/paths';
import { renderSocialCard } from './render-card.ts';
import type { SocialCard } from './social-card.ts';

export { CARD_HEIGHT, CARD_WIDTH } from './social-card.ts';
export { renderSocialCard } from './render-card.ts';

/** "28 October 2025": the date as the card says it, the same in every time zone. */
function cardDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Every card, by its path in the build (no leading slash). */
export function socialCards(): Record<string, SocialCard> {
  const cards: Record<string, SocialCard> = {
    [SITE_FILES.siteCard.slice(1)]: {
      eyebrow: `Coming ${LAUNCH_YEAR}`,
      title: `${BRAND}: the marketplace for AI agents`,
      footer: TAGLINE,
    },
  };
  for (const article of ARTICLES)
    cards[articleCardPath(article.slug).slice(1)] = {
      eyebrow: `Blog · ${article.category}`,
      title: article.title,
      footer: `${article.author.name} · ${cardDate(article.date)} · ${article.readTime}`,
    };
  return cards;
}

/** Every card as a PNG, by its path in the build. */
export async function socialCardFiles(): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const [file, card] of Object.entries(socialCards()))
    files[file] = await renderSocialCard(card);
  return files;
}
