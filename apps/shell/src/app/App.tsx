import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';
import { createSiteRouter } from '../routes/router';

export function App() {
  const [router] = useState(createSiteRouter);
  return (
    <AppThemeProvider>
      <RouterProvider router={router} />
    </AppThemeProvider>
  );
}
