import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppThemeProvider } from '@agentora/ui';
import { RemotePart } from './RemotePart';
import { loadExposed, resetRemote } from './remote-loader';
import { markFirstScreenSettled, resetFirstScreen } from './first-screen';

jest.mock('./remote-loader', () => ({ loadExposed: jest.fn(), resetRemote: jest.fn() }));

const loadExposedMock = loadExposed as jest.MockedFunction<typeof loadExposed>;

describe('RemotePart', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    loadExposedMock.mockReset();
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows a failure with Retry when the remote cannot load, and really reloads on Retry', async () => {
    loadExposedMock.mockRejectedValueOnce(new Error('connection refused'));
    loadExposedMock.mockResolvedValueOnce({ default: () => <h1>Careers at Agentora</h1> } as never);

    render(
      <AppThemeProvider>
        <RemotePart remote="careers" expose="./CareersPage" props={{}} variant="page" />
      </AppThemeProvider>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page is temporarily unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Careers at Agentora' })).toBeInTheDocument();
    expect(resetRemote).toHaveBeenCalledWith('careers');
    expect(loadExposedMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('catches a remote that throws while rendering, so only its area degrades', async () => {
    loadExposedMock.mockResolvedValue({
      default: () => {
        throw new Error('bug in the remote');
      },
    } as never);
    render(
      <AppThemeProvider>
        <p>Header stays</p>
        <RemotePart remote="signups" expose="./FooterNewsletter" props={{}} variant="inline" />
      </AppThemeProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This form could not be loaded right now.');
    expect(screen.getByText('Header stays')).toBeInTheDocument();
  });

  it('passes the contract props through to the remote module', async () => {
    loadExposedMock.mockResolvedValue({
      default: ({ earlyAccessSlot }: { earlyAccessSlot: React.ReactNode }) => <div>{earlyAccessSlot}</div>,
    } as never);
    render(
      <AppThemeProvider>
        <RemotePart remote="content" expose="./HomePage" props={{ earlyAccessSlot: <p>slot content</p>, newsletterSlot: null }} variant="page" />
      </AppThemeProvider>,
    );
    expect(await screen.findByText('slot content')).toBeInTheDocument();
  });

  describe("load='near-viewport'", () => {
    let observed: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[];

    beforeEach(() => {
      resetFirstScreen();
      observed = [];
      window.IntersectionObserver = class {
        record: (typeof observed)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.record = { callback, options, disconnected: false };
          observed.push(this.record);
        }
        observe() {}
        disconnect() {
          this.record.disconnected = true;
        }
      } as unknown as typeof IntersectionObserver;
    });
    afterEach(() => {
      delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
    });

    it('holds its space and loads nothing until the visitor scrolls near it', async () => {
      loadExposedMock.mockResolvedValue({ default: () => <h2>Stay in the loop</h2> } as never);
      const { container } = render(
        <AppThemeProvider>
          <RemotePart remote="signups" expose="./NewsletterSignup" props={{}} variant="section" minHeight="16rem" load="near-viewport" />
        </AppThemeProvider>,
      );

      const placeholder = container.querySelector('[data-waiting-for-viewport]') as HTMLElement;
      expect(placeholder.style.minHeight).toBe('16rem');
      // While the landing page is still loading, everything sits near the fold: nothing is watched yet.
      expect(observed).toHaveLength(0);
      act(() => markFirstScreenSettled());
      expect(loadExposedMock).not.toHaveBeenCalled();
      expect(observed).toHaveLength(1);
      expect(observed[0]!.options?.rootMargin).toBe('400px 0px');

      act(() => observed[0]!.callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(loadExposedMock).not.toHaveBeenCalled();

      act(() => observed[0]!.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
      expect(await screen.findByRole('heading', { name: 'Stay in the loop' })).toBeInTheDocument();
      expect(loadExposedMock).toHaveBeenCalledWith('signups', './NewsletterSignup');
      expect(observed[0]!.disconnected).toBe(true);
      expect(container.querySelector('[data-waiting-for-viewport]')).toBeNull();
    });

    it.each([
      ['its content', './AboutPage', () => loadExposedMock.mockResolvedValueOnce({ default: () => <h1>About Agentora</h1> } as never), 'heading'],
      ['its failure', './BlogPage', () => loadExposedMock.mockRejectedValueOnce(new Error('connection refused')), 'alert'],
    ] as const)('starts watching once the landing page shows %s', async (_, expose, arrange, shownRole) => {
      arrange();
      loadExposedMock.mockResolvedValue({ default: () => <h2>Stay in the loop</h2> } as never);
      render(
        <AppThemeProvider>
          <RemotePart remote="content" expose={expose} props={{}} variant="page" />
          <RemotePart remote="signups" expose="./FooterNewsletter" props={{}} variant="inline" load="near-viewport" />
        </AppThemeProvider>,
      );
      expect(observed).toHaveLength(0);
      await screen.findByRole(shownRole);
      await waitFor(() => expect(observed).toHaveLength(1));
    });
  });
});
