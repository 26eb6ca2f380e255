import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppThemeProvider } from '@agentora/ui';
import { RemotePart } from './RemotePart';
import { markFirstScreenSettled, resetFirstScreen } from './first-screen';
import {
  forgetLoadedModules,
  loadRemoteMock,
  serveModules,
} from '../test-support/fake-federation-runtime';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
  getInstance: jest.fn(() => ({})),
  init: jest.fn(),
}));

describe('RemotePart', () => {
  beforeEach(() => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    forgetLoadedModules();
    jest.restoreAllMocks();
  });

  it('shows a failure with Retry when the remote cannot load, and really reloads on Retry', async () => {
    serveModules({
      'careers/CareersPage': [
        new Error('connection refused'),
        { default: () => <h1>Careers at Agentora</h1> },
      ],
    });

    render(
      <AppThemeProvider>
        <RemotePart remote="careers" expose="./CareersPage" props={{}} variant="page" />
      </AppThemeProvider>,
    );

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This page is temporarily unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Careers at Agentora' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads a module once for every part that shows it, and shows it again at once later', async () => {
    serveModules({ 'content/AboutPage': { default: () => <h1>About Agentora</h1> } });
    const page = <RemotePart remote="content" expose="./AboutPage" props={{}} variant="page" />;
    const { rerender } = render(<AppThemeProvider>{page}</AppThemeProvider>);
    expect(await screen.findByRole('heading', { name: 'About Agentora' })).toBeInTheDocument();

    rerender(<AppThemeProvider>{null}</AppThemeProvider>);
    rerender(<AppThemeProvider>{page}</AppThemeProvider>);
    expect(screen.getByRole('heading', { name: 'About Agentora' })).toBeInTheDocument();
    expect(loadRemoteMock).toHaveBeenCalledTimes(1);
  });

  it('fails a module without a default export like a remote that is down', async () => {
    serveModules({ 'content/TermsPage': { default: undefined } });
    render(
      <AppThemeProvider>
        <RemotePart remote="content" expose="./TermsPage" props={{}} variant="page" />
      </AppThemeProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This page is temporarily unavailable',
    );
  });

  it('catches a remote that throws while rendering, so only its area degrades', async () => {
    serveModules({
      'signups/FooterNewsletter': {
        default: () => {
          throw new Error('bug in the remote');
        },
      },
    });
    render(
      <AppThemeProvider>
        <p>Header stays</p>
        <RemotePart remote="signups" expose="./FooterNewsletter" props={{}} variant="inline" />
      </AppThemeProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This form could not be loaded right now.',
    );
    expect(screen.getByText('Header stays')).toBeInTheDocument();
  });

  it('passes the contract props through to the remote module', async () => {
    serveModules({
      'content/HomePage': {
        default: ({ earlyAccessSlot }: { earlyAccessSlot: React.ReactNode }) => (
          <div>{earlyAccessSlot}</div>
        ),
      },
    });
    render(
      <AppThemeProvider>
        <RemotePart
          remote="content"
          expose="./HomePage"
          props={{ earlyAccessSlot: <p>slot content</p>, newsletterSlot: null }}
          variant="page"
        />
      </AppThemeProvider>,
    );
    expect(await screen.findByText('slot content')).toBeInTheDocument();
  });

  describe("load='near-viewport'", () => {
    let observed: {
      callback: IntersectionObserverCallback;
      options?: IntersectionObserverInit;
      disconnected: boolean;
    }[];

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
      serveModules({ 'signups/NewsletterSignup': { default: () => <h2>Stay in the loop</h2> } });
      const { container } = render(
        <AppThemeProvider>
          <RemotePart
            remote="signups"
            expose="./NewsletterSignup"
            props={{}}
            variant="section"
            minHeight="16rem"
            load="near-viewport"
          />
        </AppThemeProvider>,
      );

      const placeholder = container.querySelector('[data-waiting-for-viewport]') as HTMLElement;
      expect(placeholder.style.minHeight).toBe('16rem');
      // While the landing page is still loading, everything sits near the fold: nothing is watched yet.
      expect(observed).toHaveLength(0);
      act(() => markFirstScreenSettled());
      expect(loadRemoteMock).not.toHaveBeenCalled();
      expect(observed).toHaveLength(1);
      expect(observed[0]!.options?.rootMargin).toBe('400px 0px');

      act(() =>
        observed[0]!.callback(
          [{ isIntersecting: false } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      expect(loadRemoteMock).not.toHaveBeenCalled();

      act(() =>
        observed[0]!.callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          {} as IntersectionObserver,
        ),
      );
      expect(await screen.findByRole('heading', { name: 'Stay in the loop' })).toBeInTheDocument();
      expect(loadRemoteMock).toHaveBeenCalledWith('signups/NewsletterSignup');
      expect(observed[0]!.disconnected).toBe(true);
      expect(container.querySelector('[data-waiting-for-viewport]')).toBeNull();
    });

    it.each([
      ['its content', './AboutPage', { default: () => <h1>About Agentora</h1> }, 'heading'],
      ['its failure', './BlogPage', new Error('connection refused'), 'alert'],
    ] as const)(
      'starts watching once the landing page shows %s',
      async (_, expose, answer, shownRole) => {
        serveModules({
          [`content/${expose.slice(2)}`]: answer,
          'signups/FooterNewsletter': { default: () => <h2>Stay in the loop</h2> },
        });
        render(
          <AppThemeProvider>
            <RemotePart remote="content" expose={expose} props={{}} variant="page" />
            <RemotePart
              remote="signups"
              expose="./FooterNewsletter"
              props={{}}
              variant="inline"
              load="near-viewport"
            />
          </AppThemeProvider>,
        );
        expect(observed).toHaveLength(0);
        await screen.findByRole(shownRole);
        await waitFor(() => expect(observed).toHaveLength(1));
      },
    );
  });
});
