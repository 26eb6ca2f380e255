import { BrowserRouter } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';
import { SiteRoutes } from '../routes/router';

export function App() {
  return (
    <AppThemeProvider>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </AppThemeProvider>
  );
}
