// What a social card shows, as the element tree satori lays out (its React-like shape, without
// React: this runs in the build's Node process). One layout for every card, so they read as a set.
import { BRAND } from '@agentora/data/constants';

/** Satori's element: a tag, its inline style, its children. */
export interface CardElement {
  type: string;
  props: { style?: Record<string, string | number>; children?: CardNode | CardNode[] };
}
type CardNode = CardElement | string;

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The site's own colours (libs/ui's theme; a test holds them to it): a card looks like the site. */
export const CARD_COLORS = {
  background: '#0b0d17',
  surfaceRaised: '#1c2340',
  text: '#f4f6fb',
  textMuted: '#a9b1c7',
  primary: '#5b3df5',
  accent: '#b9a8ff',
} as const;

export interface SocialCard {
  /** Above the title: the section (e.g. the article's category). */
  eyebrow: string;
  title: string;
  /** Under the title: who and when, or the tagline. */
  footer: string;
}

const el = (
  type: string,
  style: Record<string, string | number>,
  children: CardNode | CardNode[],
): CardElement => ({ type, props: { style, children } });

/** Long titles step down a size, so every title fits in three lines. */
function titleSize(title: string): number {
  if (title.length > 70) return 56;
  if (title.length > 45) return 64;
  return 72;
}

export function socialCardElement({ eyebrow, title, footer }: SocialCard): CardElement {
  return el(
    'div',
    {
      width: '100%',
      height: '100%',
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      backgroundColor: CARD_COLORS.background,
      backgroundImage: `linear-gradient(135deg, ${CARD_COLORS.background} 0%, ${CARD_COLORS.surfaceRaised} 100%)`,
      color: CARD_COLORS.text,
      fontFamily: 'Inter',
      borderBottom: `12px solid ${CARD_COLORS.primary}`,
    },
    [
      el('div', { display: 'flex', alignItems: 'center', gap: 20, fontSize: 30 }, [
        el('div', { display: 'flex', fontWeight: 700, color: CARD_COLORS.text }, BRAND),
        el('div', { display: 'flex', color: CARD_COLORS.accent }, eyebrow),
      ]),
      el(
        'div',
        {
          display: 'flex',
          fontSize: titleSize(title),
          fontWeight: 700,
          lineHeight: 1.15,
          letterSpacing: -1,
        },
        title,
      ),
      el('div', { display: 'flex', fontSize: 28, color: CARD_COLORS.textMuted }, footer),
    ],
  );
}
