import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';

/** Renders inside the real theme and a router, as the shell provides them. */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  return render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppThemeProvider>,
  );
}
