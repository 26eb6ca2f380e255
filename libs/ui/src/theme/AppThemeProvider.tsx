import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { theme, type AppTheme } from './theme';

// Every styled component's `theme` is this one (here, not in theme.ts, which the build configs
// import in Node where styled-components' types are not in view).
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}

/**
 * The theme every styled component reads. The shell renders it once; remotes running alone render
 * their own. The global rules are not here but in each page's HTML (theme/global-css.ts).
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
