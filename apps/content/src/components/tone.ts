import type { DefaultTheme } from 'styled-components';
import type { ToneName } from '../data/types';

/** The theme colour for a tone named in data. */
export function toneColor(theme: DefaultTheme, tone: ToneName): string {
  switch (tone) {
    case 'success':
      return theme.colors.success;
    case 'highlight':
      return theme.colors.highlight;
    case 'muted':
      return theme.colors.textMuted;
    case 'accent':
      return theme.colors.accent;
  }
}
