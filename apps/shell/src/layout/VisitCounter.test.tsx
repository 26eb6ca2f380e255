import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { startVisitBeacon } from '@agentora/data/growth';
import { VisitCounter } from './VisitCounter';

const BACKEND = { url: 'https://abc.supabase.co', publishableKey: 'sb_publishable_x' };

function renderAt(path: string) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <VisitCounter />
        <Link to="/careers">careers</Link>
        <Link to="/careers?open=1">careers, filtered</Link>
        <Link to="/console">console</Link>
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('VisitCounter', () => {
  let send: jest.SpyInstance;
  const paths = () =>
    send.mock.calls.map(([, init]: [string, RequestInit]) => {
      const { path, landing } = JSON.parse(init.body as string);
      return { path, landing };
    });

  beforeEach(() => {
    jest.useFakeTimers();
    send = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('counts each page once, after an idle moment, and never the console', async () => {
    startVisitBeacon(BACKEND, true);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt('/');
    // Nothing on the way in: the page's own work goes first.
    expect(send).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(paths()).toEqual([{ path: '/', landing: true }]);

    await user.click(screen.getByRole('link', { name: 'careers' }));
    await user.click(screen.getByRole('link', { name: 'careers, filtered' }));
    await user.click(screen.getByRole('link', { name: 'console' }));
    await act(() => jest.advanceTimersByTimeAsync(10_000));
    expect(paths()).toEqual([
      { path: '/', landing: true },
      { path: '/careers', landing: false },
    ]);
  });
});
