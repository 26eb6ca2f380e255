// The site's global rules (reset, base typography, focus ring), as plain CSS in every page's <head>:
// the shell's template and the remotes' standalone page write it in (tools/mf-config/src/page-html.ts).
// Why not createGlobalStyle: a prerendered page already has these rules, yet styled-components
// compiled and re-inserted them in a layout effect while hydrating, the first stylis run of the page,
// inside the hydration's one commit task that no input can interrupt.
// Node runs this file as it is (the build configs import it): relative imports keep their .ts extension.
import { theme } from './theme.ts';

const { colors, fonts, fontSizes, space, layout } = theme;

const RULES = [
  '*,*::before,*::after{box-sizing:border-box}',
  `html{color-scheme:dark;-webkit-text-size-adjust:100%;scroll-padding-top:${layout.headerHeight}}`,
  `body{margin:0;min-height:100vh;background:${colors.background};color:${colors.text};` +
    `font-family:${fonts.body};font-size:${fontSizes.md};line-height:1.6;-webkit-font-smoothing:antialiased}`,
  `h1,h2,h3,h4{line-height:1.2;margin:0 0 ${space.md}}`,
  `p{margin:0 0 ${space.md}}`,
  `a{color:${colors.accent}}`,
  'img,svg{display:block;max-width:100%}',
  'button,input,select,textarea{font:inherit;color:inherit}',
  // The file input's own button (hidden behind the résumé drop zone's) would otherwise be set in the
  // browser's control font: one more font for the first layout to look up (a cold lookup is a few ms).
  '::file-selector-button{font:inherit}',
  `:focus-visible{outline:3px solid ${colors.focus};outline-offset:2px}`,
  '@media (prefers-reduced-motion:reduce){*,*::before,*::after{animation-duration:0.01ms!important;' +
    'transition-duration:0.01ms!important;scroll-behavior:auto!important}}',
];

/** The global stylesheet's text, for a `<style>` element ahead of the components' styles. */
export const GLOBAL_CSS = RULES.join('\n');

/** The colour a page shows before its stylesheet applies (`<meta name="theme-color">`). */
export const THEME_COLOR = colors.background;
