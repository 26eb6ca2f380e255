import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppThemeProvider } from '@agentora/ui';
import { Header } from './Header';

function renderHeader() {
  return render(
    <AppThemeProvider>
      <MemoryRouter initialEntries={['/about']}>
        <Header />
        <Routes>
          <Route path="*" element={null} />
        </Routes>
      </MemoryRouter>
    </AppThemeProvider>,
  );
}

describe('Header', () => {
  it('links the logo home and lists the header links with the Join Waitlist button', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Agentora home' })).toHaveAttribute('href', '/');
    const expected: Array<[string, string]> = [
      ['Home', '/'],
      ['How It Works', '/how-it-works'],
      ['Use Cases', '/use-cases'],
      ['Blog', '/blog'],
      ['About', '/about'],
      ['Join Waitlist', '/coming-soon'],
    ];
    for (const [name, href] of expected)
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the menu with the menu/close button and closes it when a link is chosen', async () => {
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute(
      'aria-controls',
      screen.getByRole('navigation', { name: 'Main' }).id,
    );

    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.click(screen.getByRole('link', { name: 'Blog' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes the menu on Escape and returns focus to the toggle', async () => {
    renderHeader();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    await userEvent.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
