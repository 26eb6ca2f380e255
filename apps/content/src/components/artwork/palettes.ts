import type { ArtworkPalette } from '../../data/types';

/** Gradient stops for drawn images and monograms; every stop keeps white text above 4.5:1. */
export const PALETTES: Record<ArtworkPalette, readonly [from: string, to: string]> = {
  violet: ['#5b3df5', '#0e7490'],
  cyan: ['#0e7490', '#4338ca'],
  emerald: ['#047857', '#0e7490'],
  amber: ['#b45309', '#be185d'],
  rose: ['#be185d', '#5b3df5'],
  indigo: ['#3730a3', '#0f766e'],
};
