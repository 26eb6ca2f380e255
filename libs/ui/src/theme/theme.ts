// The one dark palette and scale of the site. Colour pairs were checked for WCAG AA contrast
// (text on background ≥ 4.5:1) because the whole site sits on a dark background.
export const theme = {
  colors: {
    background: '#0b0d17',
    surface: '#151a2e',
    surfaceRaised: '#1c2340',
    border: '#2a3154',
    text: '#f4f6fb',
    textMuted: '#a9b1c7',
    primary: '#5b3df5',
    primaryHover: '#6d4aff',
    onPrimary: '#ffffff',
    accent: '#b9a8ff',
    highlight: '#22d3ee',
    success: '#4ade80',
    successSurface: '#0f2a1a',
    successText: '#86efac',
    error: '#f87171',
    errorSurface: '#2d1215',
    errorText: '#fca5a5',
    focus: '#facc15',
  },
  fonts: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    mono: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
  },
  fontSizes: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.125rem',
    xl: '1.375rem',
    xxl: '1.75rem',
    display: 'clamp(2.25rem, 5vw + 1rem, 4rem)',
    title: 'clamp(1.75rem, 3vw + 1rem, 2.75rem)',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    section: 'clamp(3rem, 6vw, 6rem)',
  },
  radii: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  breakpoints: { sm: 640, md: 768, lg: 1024, xl: 1280 },
  layout: { maxWidth: '1200px', headerHeight: '4rem' },
} as const;

export type AppTheme = typeof theme;

type Breakpoint = keyof AppTheme['breakpoints'];

/** Media query from a breakpoint up: `${up('md')} { ... }` inside a styled template. */
export const up = (bp: Breakpoint): string => `@media (min-width: ${theme.breakpoints[bp]}px)`;
/** Media query below a breakpoint. */
export const down = (bp: Breakpoint): string =>
  `@media (max-width: ${theme.breakpoints[bp] - 0.02}px)`;
