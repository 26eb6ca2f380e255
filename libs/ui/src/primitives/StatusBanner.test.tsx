import { render, screen } from '@testing-library/react';
import { AppThemeProvider } from '../theme/AppThemeProvider';
import { theme } from '../theme/theme';
import { StatusBanner } from './StatusBanner';
import { Toast } from './Toast';

describe('status banner and toast', () => {
  it('announces errors at once and successes politely, in red and green', () => {
    render(
      <AppThemeProvider>
        <StatusBanner tone="error">Failed</StatusBanner>
        <StatusBanner tone="success">Done</StatusBanner>
      </AppThemeProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed');
    expect(screen.getByRole('alert')).toHaveStyle({ color: theme.colors.errorText });
    expect(screen.getByRole('status')).toHaveTextContent('Done');
    expect(screen.getByRole('status')).toHaveStyle({ color: theme.colors.successText });
  });

  it('gives a toast the same roles', () => {
    render(
      <AppThemeProvider>
        <Toast tone="error">Failed to subscribe. Please try again.</Toast>
      </AppThemeProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to subscribe. Please try again.');
  });

  it('puts a toast at the end of the page, out of an owner that contains its layout', () => {
    render(
      <AppThemeProvider>
        <footer style={{ contentVisibility: 'auto' }}>
          <Toast tone="success" id="footer-message">
            Thanks
          </Toast>
        </footer>
      </AppThemeProvider>,
    );
    const toast = screen.getByRole('status');
    expect(toast.parentElement).toBe(document.body);
    expect(toast).toHaveAttribute('id', 'footer-message');
    expect(document.querySelector('footer')).toBeEmptyDOMElement();
  });
});
