import { useEffect, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';
import { SiteRoutes } from '../routes/router';
import { shellHydrated } from '../federation/early-interactions';

/** Tells early-interactions/ when the shell's header and footer have hydrated. Renders nothing; its effect runs only in the browser. */
function ShellTakesOver() {
  useEffect(() => {
    // After the commit, like a part's hand-over (RemotePart.tsx).
    queueMicrotask(shellHydrated);
  }, []);
  return null;
}

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
      {/* In the tree on both sides: React derives useId's ids from the tree's shape. */}
      <ShellTakesOver />
    </AppThemeProvider>
  );
}

export function App() {
  return <Site Router={BrowserRouter} />;
}
