import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';
import { SiteRoutes } from '../routes/router';

/**
 * The whole site inside the given router. The browser (App) and the prerender
 * (server/render-page.tsx) render this same tree, so the prerendered HTML is what hydration expects.
 */
export function Site({ Router }: { Router: ComponentType<{ children: ReactNode }> }) {
  return (
    <AppThemeProvider>
      <Router>
        <SiteRoutes />
      </Router>
    </AppThemeProvider>
  );
}

export function App() {
  return <Site Router={BrowserRouter} />;
}
